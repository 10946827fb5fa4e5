/// What still mentions something a removal took out, for the user to edit or delete: every line
/// of the template's text that contains one of the words, grouped by file with line numbers.
/// `remove-integration` and `remove-service` print it last.
enum MentionReport {
    /// Where the template's text is: its folders and its top-level files.
    static let folders = ["Sources", "Integrations", "Tests", "Benchmarks", "Docs", "scripts"]
    static let files = ["README.md", "Package.swift", ".ci/run"]

    /// The template tool's own sources and tests, which name services and integrations as examples
    /// and are never edited by the tool.
    static func isToolSource(_ path: String) -> Bool {
        path.hasPrefix("Sources/TemplateTool/") || path.hasPrefix("Tests/TemplateToolTests/")
            || path.hasPrefix("scripts/remove-integration") || path.hasPrefix("scripts/remove-service")
    }

    /// Prints `heading`, then the files outside the tool that still mention one of `words`, each
    /// with the numbers of its lines that do (the first eight).
    static func print(_ heading: String, mentionsOf words: [String], in tree: PackageTree) {
        let mentions = tree.lines(containingAnyOf: words, under: folders, files: files).filter { !isToolSource($0) }
        Swift.print("\n\(heading)")
        // Each mention is "path:line: text"; grouped by file, in the order found.
        var grouped: [(path: String, lines: [String])] = []
        for mention in mentions {
            let parts = mention.split(separator: ":", maxSplits: 2)
            guard parts.count == 3 else { continue }
            if grouped.last?.path == String(parts[0]) {
                grouped[grouped.count - 1].lines.append(String(parts[1]))
            } else {
                grouped.append((String(parts[0]), [String(parts[1])]))
            }
        }
        guard !grouped.isEmpty else { return }
        Swift.print("Still mentioned in \(grouped.count) files (prose and scripts to edit or delete), at these lines:")
        for (path, lines) in grouped {
            let more = lines.count > 8 ? ", … (\(lines.count) lines)" : ""
            Swift.print("  \(path): \(lines.prefix(8).joined(separator: ", "))\(more)")
        }
    }
}
