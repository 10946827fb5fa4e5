import App
import Foundation

/// `remove-integration <Name>`: takes an integration out of the template, the inverse of
/// `new-integration`, leaving a package that builds and passes its tests.
///
/// What goes comes from SwiftPM (`PackageSummary`): the integration's target, its tests (the
/// targets under `Tests/` named after it) and helper processes (executables under `Tests/` that use
/// no other integration), the executables those tests run that only tests depend on (the HTTP
/// backend's `silo-backend`), and the libraries only these use (`BackendAPI`).
/// Then its description, its catalog entry, its documentation page and the table rows and link lists
/// that link to it, its benchmarks, its line in the README's layout, and the files, lines and
/// regions anywhere in the template that say they are part of it (`MarkedParts`). It refuses what
/// would leave the app
/// broken: an integration a default choice uses, or one another part of the app builds on (the
/// in-memory reference implementation).
struct RemoveIntegration {
    /// What `--help` prints.
    static let help = """
        Usage: scripts/remove-integration <Name>
               <Name>: a folder under Integrations/ with a description in Sources/App/Integrations/
               (e.g. JSONFileStore, MockVideoHost, OfflineFirst, HTTPBackend)

        It deletes the integration's target and folder, its tests and helper processes (the targets
        under Tests/ named after it, and executables there that use no other integration),
        Sources/App/Integrations/<Name>.swift, its entry in IntegrationCatalog.all,
        Docs/Integrations/<Name>.md, its benchmarks in Benchmarks/, and its line in the README's
        layout; it removes it from every other target's dependencies. An
        executable only its tests run (silo-backend) and a library only what goes uses go with it.
        So does what says it is part of <Name> (or of what goes with it), as scripts/remove-service
        reads it: every file with a comment line ending in "part of: <Name>" among its first five
        lines, every line ending in such a comment, and every region from "begin part of: <Name>"
        to "end part of: <Name>", in Sources, Integrations, Tests, Benchmarks, Docs, scripts, the
        README and .ci/run; and the commands in the README's and Docs' shell blocks that pick it
        (SILO_POSTS=<its name>) or run what went, but on a page that uses it as an example (a
        comment line "examples, not mentions: <Name>"); and the data files beside the docs
        (Docs/Formats, Docs/images) that only what went named. It then lists what still mentions
        them (prose, scripts) for you to edit, leaving out such examples.

        It refuses an integration that ServiceProvider.defaultChoices picks (choose another there
        first), one another integration's description imports (remove that one first) and one
        other targets build on. See Docs/README.md, "Make it small".
        """

    let name: String
    let tree: PackageTree

    /// Checks that the integration can go, removes it, and reports what still mentions it.
    ///
    /// - Throws: a usage failure naming why it cannot go; a failure when a file cannot be changed.
    func run() throws(ToolFailure) {
        let summary = try PackageSummary.read(tree)
        let integrations = Self.integrations(in: summary, tree: tree)
        let module = name + "Integration"
        let descriptionFile = "Sources/App/Integrations/\(name).swift"
        guard let target = summary.target(named: module), integrations.contains(module) else {
            let known = integrations.map { String($0.dropLast("Integration".count)) }.sorted()
            throw .usage(
                "there is no integration '\(name)'; the integrations are \(known.joined(separator: ", "))")
        }
        let description = try DescriptionFile(text: tree.read(descriptionFile), path: descriptionFile)
        try checkNotADefault(description.configurationName)
        try checkNoOtherDescriptionUses(module, besides: descriptionFile)
        let removed = try targetsToRemove(with: target, in: summary, integrations: integrations)
        let modules = removed.filter { $0.type != "test" }
        let products = summary.products.filter { product in
            product.targets.allSatisfy { target in removed.contains { $0.name == target } }
        }.map(\.name)
        // Worked out before anything changes, so a region left open changes nothing, and taken
        // out first, so the edits below see the files without it.
        let marked = try MarkedParts(
            of: Set([name] + modules.map(\.name) + products), in: tree,
            excluding: removed.map(\.folder) + [descriptionFile, "Docs/Integrations/\(name).md"])
        let data = OrphanedDataFiles(in: tree)
        try marked.apply(in: tree, "what is part of it")
        for page in marked.deleted where page.hasPrefix("Docs/") {
            try removeLinks(to: String(page.dropFirst("Docs/".count)))
        }

        try tree.edit("Package.swift", "its targets and every dependency on them") { text in
            ManifestEdit.removing(targets: Set(removed.map(\.name)), from: text)
        }
        for folder in removed.map(\.folder) + [descriptionFile, "Docs/Integrations/\(name).md"] {
            try tree.remove(folder)
        }
        let catalog = "Sources/App/Integrations/IntegrationCatalog.swift"
        try tree.edit(catalog, "IntegrationCatalog.all") { text in
            text.components(separatedBy: "\n").filter {
                $0.trimmingCharacters(in: .whitespaces) != ".\(description.propertyName),"
            }.joined(separator: "\n")
        }
        let folders = Set(removed.map(\.folder))
        try tree.edit("README.md", "the layout") { text in
            text.components(separatedBy: "\n").filter { line in
                !folders.contains { line.hasPrefix("\($0) ") }
            }.joined(separator: "\n")
        }
        try removeLinks(to: "Integrations/\(name).md")
        try BenchmarkRemoval(modules: Set(modules.map(\.name)), tree: tree).run()
        tree.format(["Package.swift", "Sources/App/Integrations"])
        let owned = marked.deleted
        let commands = DocCommandLines(
            name: name, configurationName: description.configurationName, propertyName: description.propertyName,
            scripts: owned.filter { $0.hasPrefix("scripts/") }, products: products)
        let removedCommands = try removeDocCommands(commands)
        try data.removeOrphans(in: tree)
        let companions = modules.filter { $0.name != module }
        if !companions.isEmpty {
            print("Removed with it: \(companions.map { "\($0.name) (\($0.folder))" }.joined(separator: ", ")).")
        }
        if !removedCommands.isEmpty {
            print("Commands taken out of the docs' shell blocks:")
            removedCommands.forEach { print("  \($0)") }
        }
        MentionReport.print(
            "Removed \(name).",
            mentionsOf: [module, name, "=\(description.configurationName)", ".\(description.propertyName)"] + products
                + modules.flatMap { [$0.name, $0.folder] }
                + owned.map { $0.hasPrefix("Docs/") ? String($0.dropFirst("Docs/".count)) : $0 }, in: tree)
    }

    /// Takes the commands `commands` finds out of the README's and Docs' shell blocks; returns them
    /// as `path: command`. A page that uses the integration only as its example (the integration
    /// guide's `Firestore`, in `MentionReport.examplesPrefix`) keeps its commands.
    private func removeDocCommands(_ commands: DocCommandLines) throws(ToolFailure) -> [String] {
        var removedCommands: [String] = []
        for document in ["README.md"] + tree.files(under: "Docs").filter({ $0.hasSuffix(".md") }) {
            let examples = MentionReport.exampleNames(in: try tree.read(document))
            if MentionReport.isExample(commands.name, declared: examples)
                || MentionReport.isExample(commands.configurationName, declared: examples)
            {
                continue
            }
            try tree.edit(document, "its commands that use what went") { text in
                let (kept, removed) = commands.removing(from: text)
                removedCommands += removed.map { "\(document): \($0.trimmingCharacters(in: .whitespaces))" }
                return kept
            }
        }
        return removedCommands
    }

    /// The targets that are integrations: under `Integrations/`, with a description in App.
    static func integrations(in summary: PackageSummary, tree: PackageTree) -> [String] {
        summary.targets.filter { target in
            target.folder.hasPrefix("Integrations/") && target.name.hasSuffix("Integration")
                && tree.exists("Sources/App/Integrations/\(target.name.dropLast("Integration".count)).swift")
        }.map(\.name)
    }

    private func checkNotADefault(_ configurationName: String) throws(ToolFailure) {
        let services = ServiceProvider.defaultChoices.filter { $0.value.name == configurationName }.keys.sorted()
        guard services.isEmpty else {
            let list = services.map(\.rawValue).joined(separator: ", ")
            throw .usage(
                "\(name) serves \(list) by default: pick another integration for \(services.count == 1 ? "it" : "them") "
                    + "in ServiceProvider.defaultChoices (Sources/App/ServiceProvider.swift), then run this again")
        }
    }

    /// Refuses while another integration's description in App imports `module` (offline-first
    /// composes the HTTP backend): that integration has to go first. Only descriptions may import
    /// an integration in App (`scripts/check-architecture`).
    private func checkNoOtherDescriptionUses(_ module: String, besides descriptionFile: String) throws(ToolFailure) {
        var users: [String] = []
        for path in tree.files(under: "Sources/App/Integrations")
        where path.hasSuffix(".swift") && path != descriptionFile {
            // `import X`, with or without an access level or attribute before it.
            let imports = try tree.read(path).components(separatedBy: "\n").contains { line in
                line.split(separator: " ").suffix(2) == ["import", Substring(module)]
            }
            if imports { users.append(path) }
        }
        guard let first = users.sorted().first else { return }
        let other = URL(fileURLWithPath: first).deletingPathExtension().lastPathComponent
        throw .usage(
            "\(first) builds on \(module), so \(name) cannot go before it: "
                + "run scripts/remove-integration \(other) first, or keep \(name)")
    }

    /// The integration, its tests and helper processes (see the type's summary), the
    /// executables those tests test that nothing but tests depends on (the HTTP
    /// backend's `silo-backend`), and then every library that only targets being removed use
    /// (the API schemas client and server share). Refuses when any other target but App and
    /// tests builds on the integration or on such an executable.
    private func targetsToRemove(
        with target: PackageSummary.Target, in summary: PackageSummary, integrations: [String]
    ) throws(ToolFailure) -> [PackageSummary.Target] {
        let dependents = summary.targets.filter { $0.dependencies.contains(target.name) }
        // Its tests are named after it; its helper processes are executables under Tests/ that
        // use no other integration (JSONStoreWriterFixture). Other tests that use it stop it.
        let own = dependents.filter { dependent in
            dependent.folder.hasPrefix("Tests/")
                && (dependent.name.hasPrefix(name)
                    || (dependent.type == "executable"
                        && dependent.dependencies.filter { integrations.contains($0) } == [target.name]))
        }
        let others = dependents.filter { dependent in
            dependent.name != "App" && !own.contains { $0.name == dependent.name }
        }
        guard others.isEmpty else {
            let remedy =
                target.name == "InMemoryIntegration"
                ? "the in-memory integration is the app's reference implementation and stays"
                : "remove or change them first, or keep \(name)"
            throw .usage(
                "\(others.map(\.name).sorted().joined(separator: ", ")) build on \(target.name), so it cannot go "
                    + "without them; \(remedy)")
        }
        var removed = [target] + own
        let tested = Set(own.flatMap(\.dependencies)).compactMap(summary.target(named:)).filter { candidate in
            candidate.type == "executable" && !removed.contains { $0.name == candidate.name }
        }
        for executable in tested.sorted(by: { $0.name < $1.name }) {
            let users = summary.targets.filter { $0.type != "test" && $0.dependencies.contains(executable.name) }
            guard users.isEmpty else {
                throw .usage(
                    "\(target.name)'s tests also test \(executable.name), which \(users.map(\.name).sorted().joined(separator: ", ")) "
                        + "build on: remove or change those first, or keep \(name)")
            }
            removed.append(executable)
        }
        return removed + Self.librariesUsedOnly(by: removed, in: summary)
    }

    /// The libraries that only `removed` (and, in turn, such libraries) depend on.
    private static func librariesUsedOnly(
        by removed: [PackageSummary.Target], in summary: PackageSummary
    ) -> [PackageSummary.Target] {
        var going = Set(removed.map(\.name))
        var found: [PackageSummary.Target] = []
        while true {
            let orphans = summary.targets.filter { candidate in
                let dependents = summary.targets.filter { $0.dependencies.contains(candidate.name) }
                return candidate.type == "regular" && !going.contains(candidate.name) && !dependents.isEmpty
                    && dependents.allSatisfy { going.contains($0.name) }
            }
            guard !orphans.isEmpty else { return found }
            found += orphans
            going.formUnion(orphans.map(\.name))
        }
    }

    /// Removes the Markdown table rows and link-list lines that link to the deleted page.
    private func removeLinks(to page: String) throws(ToolFailure) {
        let documents = ["README.md"] + tree.files(under: "Docs").filter { $0.hasSuffix(".md") }
        for document in documents {
            try tree.edit(document, "its link to \(page)") { text in
                text.components(separatedBy: "\n").filter { line in
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    let isRowOrListItem =
                        trimmed.hasPrefix("|") || trimmed.hasPrefix("- [")
                        || (trimmed.hasPrefix("[") && trimmed.hasSuffix("·"))
                    return !(isRowOrListItem && trimmed.contains(page + ")"))
                }.joined(separator: "\n")
            }
        }
    }
}
