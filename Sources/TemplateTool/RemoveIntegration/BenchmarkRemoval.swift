/// Takes an integration's benchmarks out of `Benchmarks/`, the package of its own that measures
/// the app through its products: every file that names one of the removed modules goes, then
/// every file that uses a type those files declare, until none does, then every file whose types
/// only those used; `main.swift` loses the lines that name them, and the manifest the product.
struct BenchmarkRemoval {
    /// The modules going, e.g. `HTTPBackendIntegration` and `SiloBackend`.
    let modules: Set<String>
    let tree: PackageTree

    private static let folder = "Benchmarks/Sources/Benchmarks"
    private static let main = "\(folder)/main.swift"

    /// Deletes and edits what uses the modules; nothing when there is no `Benchmarks/`.
    ///
    /// - Throws: a failure when a file cannot be read, written or deleted.
    func run() throws(ToolFailure) {
        guard tree.exists(Self.folder) else { return }
        var texts: [String: String] = [:]
        for path in tree.files(under: Self.folder) where path.hasSuffix(".swift") && path != Self.main {
            texts[path] = try tree.read(path)
        }
        // Worked out once: every step below asks which identifiers a file uses and which types it
        // declares.
        let used = texts.mapValues(Self.identifiers(in:))
        let declared = texts.mapValues { Set(Self.declaredTypes(in: $0)) }
        var removed = Set(used.filter { !$0.value.isDisjoint(with: modules) }.keys)
        var names = Set(removed.flatMap { declared[$0] ?? [] })
        while true {
            let users = used.filter { !removed.contains($0.key) && !$0.value.isDisjoint(with: names) }
            guard !users.isEmpty else { break }
            removed.formUnion(users.keys)
            names.formUnion(users.keys.flatMap { declared[$0] ?? [] })
        }
        let main = try tree.read(Self.main).components(separatedBy: "\n")
            .filter { Self.identifiers(in: $0).isDisjoint(with: names) }.joined(separator: "\n")
        // A file that shares more than types is never a helper left unused.
        let helpers = declared.filter { !$0.value.isEmpty && !Self.sharesMoreThanTypes(texts[$0.key] ?? "") }
        removed.formUnion(
            Self.helpersLeftUnused(after: removed, helpers: helpers, used: used, main: Self.identifiers(in: main)))
        for path in removed.sorted() { try tree.remove(path) }
        try tree.edit(Self.main, "the suites it runs") { _ in main }
        try tree.edit("Benchmarks/Package.swift", "its products") { text in
            modules.sorted().reduce(text) { text, module in ManifestEdit.removing(product: module, from: text) }
        }
    }

    /// The files that only what goes used (a chart only the JSON store's suite drew): each of
    /// `helpers` (a file and the types it declares) whose types a removed file uses and no file
    /// that stays, nor `main.swift` without the lines that name what goes (`main`, its
    /// identifiers); until none is left.
    private static func helpersLeftUnused(
        after removed: Set<String>, helpers: [String: Set<String>], used: [String: Set<String>], main: Set<String>
    ) -> Set<String> {
        var gone = removed
        while true {
            let unused = helpers.filter { path, types in
                guard !gone.contains(path), main.isDisjoint(with: types) else { return false }
                let users = used.filter { $0.key != path && !$0.value.isDisjoint(with: types) }.keys
                return !users.isEmpty && users.allSatisfy(gone.contains)
            }
            guard !unused.isEmpty else { return gone.subtracting(removed) }
            gone.formUnion(unused.keys)
        }
    }

    /// Whether `text` declares, at the top level, something other files may use without naming one
    /// of its types: a function, an extension, a constant or variable, a type alias (not private
    /// ones). Such a file is never taken as a helper left unused.
    private static func sharesMoreThanTypes(_ text: String) -> Bool {
        text.components(separatedBy: "\n").contains { line in
            guard let first = line.first, first.isLetter || first == "@" else { return false }
            var words = line.split(separator: " ").map(String.init)
            while let word = words.first,
                word.hasPrefix("@") || ["public", "internal", "final", "nonisolated"].contains(word)
            {
                words.removeFirst()
            }
            return words.first.map { ["func", "extension", "let", "var", "typealias"].contains($0) } ?? false
        }
    }

    /// The identifiers in `text`: runs of letters, digits and underscores.
    private static func identifiers(in text: String) -> Set<String> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// The types `text` declares at the start of a line (not private ones, which no other file sees).
    private static func declaredTypes(in text: String) -> [String] {
        let keywords = ["struct", "enum", "class", "actor", "protocol"]
        return text.components(separatedBy: "\n").compactMap { line in
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, ["public", "internal", "final"].contains(first) { words.removeFirst() }
            guard words.count >= 2, keywords.contains(words[0]) else { return nil }
            let name = words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }
    }
}
