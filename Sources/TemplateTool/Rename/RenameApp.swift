import Foundation

/// `rename <NewName>`: renames the app everywhere its name appears: the package, its executables
/// and products, the data directory, the environment prefix, the docs, and every file or folder
/// whose name carries it (`Acme`: package `Acme`, executables `acme` and `acme-backend`, targets
/// `AcmeCLI` and `AcmeBackend`, data in `./.acme`, environment `ACME_POSTS`).
///
/// The new name is a Swift identifier that starts with a capital letter (letters and digits, 2 to
/// 30), is not the name of one of the package's modules, and is not already used in the code (a
/// type or an integration of that name would merge with the app's). The working tree must be
/// clean, so `git diff` shows exactly what the rename did and `git checkout .` undoes it. Running it
/// again with the same name changes nothing.
///
/// Kept on purpose, and listed at the end: the copyright line of LICENSE (it names who holds the
/// copyright); the word for the idea the template is built on, in "its own silo" and the like; and
/// this folder and its tests with the rename script and its test, which explain renaming with examples.
struct RenameApp {
    /// What `--help` prints.
    static let help = """
        Usage: scripts/rename-app <NewName>

        Example: scripts/rename-app Acme
          package Acme, executables `acme` and `acme-backend`, targets AcmeCLI and AcmeBackend, data in
          ./.acme, environment ACME_POSTS, ACME_DATA_DIR, ...

        The new name starts with a capital letter, then 1 to 29 letters or digits; it may not be a
        module's name or a name the code already uses. The working tree must be clean. Kept on purpose,
        and listed at the end: LICENSE's copyright line, the word "silo" where it names the idea (a
        dependency kept "in its own silo"), and the rename tool with its script and test.
        """

    /// How the README introduces the template, and how it introduces the app made from it: the
    /// renamed app is no longer "a Swift starter template".
    static let templateLead = (from: " is a Swift starter template for apps that keep ", to: " keeps ")

    /// Files that speak about names and are never renamed: this folder, its tests, the script and
    /// the script's test.
    static let keptFiles = [
        "Sources/TemplateTool/Rename/", "Tests/TemplateToolTests/Rename/", "scripts/rename-app",
        "scripts/test-rename-app",
    ]
    /// The idea the template is named after, kept in prose whatever the app is called: "its own
    /// silo", "a silo", "the silo", "in its silo", "one silo", "two silos" (lowercase: "the Silo
    /// API" is the app's name).
    private static var concept: Regex<Substring> { #/\b(?i:own|the|a|its|one|two)\s+silos?\b/# }

    let newName: String
    let tree: PackageTree

    /// Checks the name and the tree, renames, and reports what it changed and kept.
    ///
    /// - Throws: a usage failure for a name it cannot use or a dirty tree; a failure when git or
    ///   a file cannot be read or written.
    func run() throws(ToolFailure) {
        let package = try PackageSummary.read(tree)
        let old = package.name
        let files = try trackedFiles()
        try check(old: old, modules: package.moduleNames, files: files)
        guard try git(["status", "--porcelain"]).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .usage(
                "the working tree has uncommitted changes; commit or stash them first, so the rename is one clean diff")
        }
        guard newName != old else {
            print("rename-app: the app is already called \(newName); nothing to change")
            return
        }
        let names = NameForms(old: old, new: newName)
        var edited: [String] = []
        var kept: [String] = []
        for path in files {
            guard let text = try? String(contentsOf: tree.url(path), encoding: .utf8) else { continue }
            var renamed = rename(text, path: path, names: names, kept: &kept)
            if path.hasSuffix(".md") { renamed = ColumnAlignment.realigning(renamed, original: text) }
            if path == "README.md" { renamed = renamed.replacing(Self.templateLead.from, with: Self.templateLead.to) }
            if renamed != text {
                do {
                    try Data(renamed.utf8).write(to: tree.url(path))
                } catch {
                    throw .failed("cannot write \(path): \(error.localizedDescription)")
                }
                edited.append(path)
            }
        }
        let moved = try moveNamedPaths(files, names: names)
        report(old: old, edited: edited, moved: moved, kept: kept)
    }

    private func check(old: String, modules: Set<String>, files: [String]) throws(ToolFailure) {
        let scalars = newName.unicodeScalars
        let isLetterOrDigit = { (scalar: Unicode.Scalar) in
            ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        guard let first = scalars.first, ("A"..."Z").contains(first), (2...30).contains(scalars.count),
            scalars.allSatisfy(isLetterOrDigit)
        else {
            throw .usage(
                "'\(newName)' is not a name this tool can use: start with a capital letter, then 1 to 29 letters or "
                    + "digits (e.g. Acme, FieldNotes)")
        }
        guard !modules.contains(newName.lowercased()) else {
            throw .usage("'\(newName)' is the name of one of the package's modules; pick another name")
        }
        guard newName == old || newName.lowercased() != old.lowercased() else {
            throw .usage("'\(newName)' differs from '\(old)' only in case; pick another name")
        }
        guard newName != old else { return }
        // In code, a name already in use would merge with the app's after the rename. Prose may
        // mention it (the docs use Acme as the example), and is renamed along with the rest.
        let code = files.filter { $0.hasSuffix(".swift") || $0.hasSuffix("Package.swift") }
        let users = code.filter { path in
            path.localizedCaseInsensitiveContains(newName)
                || ((try? String(contentsOf: tree.url(path), encoding: .utf8))?.localizedCaseInsensitiveContains(
                    newName)
                    ?? false)
        }
        if let first = users.first {
            throw .usage(
                "'\(newName)' is already used in the code (\(users.count) file(s), e.g. \(first)); renaming the app to "
                    + "it would merge the two: pick another name")
        }
    }

    /// `text` with every form of the old name replaced, but for LICENSE's copyright lines and, when
    /// the old name is the concept's word, the phrases that name the idea; what is kept is added to `kept`.
    private func rename(_ text: String, path: String, names: NameForms, kept: inout [String]) -> String {
        if path == "LICENSE" {
            let lines = text.components(separatedBy: "\n")
            for (number, line) in lines.enumerated() where line.hasPrefix("Copyright") {
                kept.append(
                    "LICENSE:\(number + 1): \(line.trimmingCharacters(in: .whitespaces))  (the copyright holder, not the app's name)"
                )
            }
            return lines.map { $0.hasPrefix("Copyright") ? $0 : names.replacing(in: $0) }.joined(separator: "\n")
        }
        guard names.old.lowercased() == "silo" else { return names.replacing(in: text) }
        var result = ""
        var position = text.startIndex
        for match in text.matches(of: Self.concept) {
            result += names.replacing(in: String(text[position..<match.range.lowerBound]))
            result += text[match.range]
            let line = text[..<match.range.upperBound].filter { $0 == "\n" }.count + 1
            let phrase = text[match.range].split(whereSeparator: \.isWhitespace).joined(separator: " ")
            kept.append("\(path):\(line): \"\(phrase)\"  (the idea, not the app's name)")
            position = match.range.upperBound
        }
        return result + names.replacing(in: String(text[position...]))
    }

    /// Moves every file and folder whose name carries the old name, deepest first, with `git mv`.
    private func moveNamedPaths(_ files: [String], names: NameForms) throws(ToolFailure) -> [String] {
        var candidates = Set<String>()
        for file in files {
            var components = file.split(separator: "/").map(String.init)
            while !components.isEmpty {
                candidates.insert(components.joined(separator: "/"))
                components.removeLast()
            }
        }
        var moved: [String] = []
        for path in candidates.sorted(by: { $0.split(separator: "/").count > $1.split(separator: "/").count }) {
            let name = (path as NSString).lastPathComponent
            guard name.lowercased().contains(names.old.lowercased()), tree.exists(path) else { continue }
            let target = ((path as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent(names.replacing(in: name))
            try git(["mv", path, target])
            moved.append("\(path) -> \(target)")
        }
        return moved
    }

    private func report(old: String, edited: [String], moved: [String], kept: [String]) {
        let lower = newName.lowercased()
        print("rename-app: \(old) -> \(newName)")
        print(
            "  package \(newName); executables \(lower) and \(lower)-backend; data in ./.\(lower); "
                + "environment \(newName.uppercased())_*")
        print("  edited \(edited.count) file(s):")
        for path in edited { print("    \(path)") }
        print("  renamed \(moved.count) file(s) and folder(s):")
        for move in moved { print("    \(move)") }
        let whole = Self.keptFiles.filter { tree.exists($0) }.map {
            "\($0)  (the rename tool, its tests, its script and the script's test)"
        }
        print("  kept on purpose (\(kept.count + whole.count)):")
        for line in kept + whole { print("    \(line)") }
        let data = DataDirectoryMove(names: NameForms(old: old, new: newName))
        print(
            "  data: the app now keeps its data in ./\(data.newDirectory); what an earlier build kept in "
                + "./\(data.oldDirectory) stays there, unread. To keep it, in each directory you ran the app from: "
                + data.advice)
        for found in data.found(in: tree.root) {
            switch found {
            case .both(let old, let new):
                print("    this directory has both ./\(old) and ./\(new): move what you need by hand")
            case .move(let commands, let leftOut):
                print("    this directory has one; to keep it here: \(commands)")
                if leftOut > 0 {
                    print("    (and \(leftOut) more file(s) in it named after the app, with names to rename by hand)")
                }
            }
        }
        print("Next: swift build && swift test; review with git diff --stat; commit.")
    }

    /// The files git tracks, but for those that speak about names.
    private func trackedFiles() throws(ToolFailure) -> [String] {
        try git(["ls-files", "-z"]).split(separator: "\0").map(String.init).filter { path in
            !Self.keptFiles.contains { path == $0 || ($0.hasSuffix("/") && path.hasPrefix($0)) }
        }
    }

    @discardableResult
    private func git(_ arguments: [String]) throws(ToolFailure) -> String {
        try ChildProcess.run(["git"] + arguments, in: tree.root)
    }
}
