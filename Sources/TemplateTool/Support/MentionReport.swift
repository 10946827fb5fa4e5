/// What still mentions something a removal took out, for the user to edit or delete: every line
/// of the template's text that contains one of the words, grouped by file with line numbers.
/// `remove-integration` and `remove-service` print it last.
enum MentionReport {
    /// Where the template's text is: its folders and its top-level files.
    static let folders = ["Sources", "Integrations", "Tests", "Benchmarks", "Docs", "scripts"]
    static let files = ["README.md", "Package.swift", ".ci/run"]

    /// The template tool's own sources and tests, and the scripts that run it, which name services
    /// and integrations as examples and are never edited by the tool.
    static func isToolSource(_ path: String) -> Bool {
        path.hasPrefix("Sources/TemplateTool/") || path.hasPrefix("Tests/TemplateToolTests/")
            || [
                "scripts/remove-integration", "scripts/remove-service", "scripts/new-integration",
                "scripts/new-service",
            ]
            .contains(path)
    }

    /// How a page or a script says which names it uses only as examples, in a comment line of its
    /// own (`<!-- -->`, `#` or `//`): `<!-- examples, not mentions: replies, ReplyService -->`. The
    /// declaration holds for the whole file. A guide that walks through adding `ReplyService`, or
    /// the check that follows it, still stands once the service it had you add is removed, so its
    /// mentions of those names are not reported, and `remove-integration` keeps its commands.
    static let examplesPrefix = "examples, not mentions: "

    /// Whether `word`, as a removal looks for it, is one of the `declared` example names in one of
    /// the forms the tools use: the name (`Firestore`, `ReplyService`), the key or configuration
    /// name (`.replies`, `=firestore`), the integration's module, test module or folder
    /// (`FirestoreIntegration`, `Tests/FirestoreIntegrationTests`, `Integrations/Firestore`) or
    /// its page (`Integrations/Firestore.md`). `FirestoreSync` is not a form of `Firestore`.
    static func isExample(_ word: String, declared: Set<String>) -> Bool {
        var base = Substring(word)
        if let first = base.first, ".=".contains(first) { base = base.dropFirst() }
        if let slash = base.lastIndex(of: "/") { base = base[base.index(after: slash)...] }
        for suffix in [".md", "IntegrationTests", "Integration"]
        where base.hasSuffix(suffix) && base.count > suffix.count {
            base = base.dropLast(suffix.count)
            break
        }
        return declared.contains(String(base))
    }

    /// The names `text` declares as its examples (`examplesPrefix`), in comment lines of their own.
    static func exampleNames(in text: String) -> Set<String> {
        var names = Set<String>()
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let opener = OwnershipMarker.commentOpeners.first(where: { trimmed.hasPrefix($0) }) else { continue }
            let comment = trimmed.dropFirst(opener.count).drop { $0 == " " || $0 == "/" || $0 == "#" }
            guard comment.hasPrefix(examplesPrefix) else { continue }
            var list = comment.dropFirst(examplesPrefix.count)
            if let end = list.range(of: "-->") { list = list[..<end.lowerBound] }
            for name in list.split(separator: ",") {
                let name = name.trimmingCharacters(in: .whitespaces)
                if !name.isEmpty { names.insert(name) }
            }
        }
        return names
    }

    /// The files outside the tool that still mention one of `words`, in the order found, each with
    /// the numbers of its lines that do. A page's mentions of the names it declares as its examples
    /// (`examplesPrefix`) are left out.
    static func mentions(of words: [String], in tree: PackageTree) -> [(path: String, lines: [String])] {
        var examples: [String: Set<String>] = [:]
        var grouped: [(path: String, lines: [String])] = []
        // Each mention is "path:line: text".
        for mention in tree.lines(containingAnyOf: words, under: folders, files: files) {
            let parts = mention.split(separator: ":", maxSplits: 2).map(String.init)
            guard parts.count == 3, !isToolSource(parts[0]) else { continue }
            let (path, number, text) = (parts[0], parts[1], parts[2])
            if examples[path] == nil { examples[path] = exampleNames(in: (try? tree.read(path)) ?? "") }
            let declared = examples[path, default: []]
            let named = words.filter { PackageTree.line(text, mentions: $0) }
            if named.allSatisfy({ isExample($0, declared: declared) }) { continue }
            if grouped.last?.path == path {
                grouped[grouped.count - 1].lines.append(number)
            } else {
                grouped.append((path, [number]))
            }
        }
        return grouped
    }

    /// Prints `heading`, then `mentions(of: words, in: tree)`, each file with the first eight of
    /// its line numbers.
    static func print(_ heading: String, mentionsOf words: [String], in tree: PackageTree) {
        let grouped = mentions(of: words, in: tree)
        Swift.print("\n\(heading)")
        guard !grouped.isEmpty else { return }
        Swift.print("Still mentioned in \(grouped.count) files (prose and scripts to edit or delete), at these lines:")
        for (path, lines) in grouped {
            let more = lines.count > 8 ? ", … (\(lines.count) lines)" : ""
            Swift.print("  \(path): \(lines.prefix(8).joined(separator: ", "))\(more)")
        }
    }
}
