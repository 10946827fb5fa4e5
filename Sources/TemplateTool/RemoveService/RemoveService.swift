import App
import Foundation
import Services

/// `remove-service <key>`: takes a service out of the template, the inverse of `new-service`,
/// leaving a package that builds and passes its tests.
///
/// What goes is what says it is part of the service (`OwnershipMarker`): whole files (its protocol,
/// models, use cases, presenter, views, command, contract, planted defects and their tests), and
/// marked lines and regions in shared files (its case in `ServiceKind`, its property in
/// `ServiceProvider` and the in-memory integration, its place in the contract catalog, the CLI's
/// command list). Two lists are edited without markers: the `services:` lists of the integration
/// descriptions, and `ServiceProvider.defaultChoices` (a service picked there has its line).
///
/// It refuses a service another is served with (users, while authentication follows it) or uses
/// (`ServiceDeclaration.uses`: library, while hosting saves uploads to it), one an integration
/// serves alone or without marking its code for it (remove that integration first), and one that
/// no file says is part of it.
struct RemoveService {
    /// What `--help` prints.
    static let help = """
        Usage: scripts/remove-service <key>
               <key>: a service declared in ServiceKind.declarations (e.g. hosting)

        It deletes every file with a comment line ending in "part of: <key>" among its first five
        lines, every line ending in such a comment (with the /// doc comment above it), and every
        region from "begin part of: <key>" to "end part of: <key>", in Sources, Integrations, Tests,
        Benchmarks, Docs, scripts, the README and .ci/run. It takes <key> out of the services: list of
        each integration's description and out of ServiceProvider.defaultChoices, and deletes the
        data files beside the docs (Docs/Formats, Docs/images) that only what went named. It then
        lists what still mentions the service for you to edit.

        It refuses a service another is served with or uses (remove that one first), one that an
        integration serves alone or with none of its code marked for it (swap it away in
        ServiceProvider.defaultChoices, then run scripts/remove-integration on it, or mark or take out
        its parts by hand), and one that no file says is part of it (mark its parts first). See
        Docs/README.md, "Make it small".
        """

    let key: String
    let tree: PackageTree

    /// Checks that the service can go, removes what is marked as part of it, and reports what still
    /// mentions it.
    ///
    /// - Throws: a usage failure naming why it cannot go, or a failure when a marked region is not
    ///   closed or a marker marks nothing (in these cases nothing was changed); a failure when a file
    ///   cannot be deleted or written, which leaves what was done so far.
    func run() throws(ToolFailure) {
        guard let declaration = ServiceKind.declarations.first(where: { $0.kind.rawValue == key }) else {
            let keys = ServiceKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw .usage("there is no service '\(key)'; the services are \(keys)")
        }
        if let follower = ServiceKind.declarations.first(where: { $0.servedWith == declaration.kind }) {
            throw .usage(
                "\(follower.kind) is served with \(key), so \(key) cannot go before it: "
                    + "run scripts/remove-service \(follower.kind) first, or keep \(key)")
        }
        if let user = ServiceKind.declarations.first(where: { $0.uses.contains(declaration.kind) }) {
            throw .usage(
                "\(user.kind) uses \(key) (ServiceKind.declarations says so), so \(key) cannot go before it: "
                    + "run scripts/remove-service \(user.kind) first, or keep \(key)")
        }

        let parts = try MarkedParts(of: [key], in: tree) { path, text in
            path.hasPrefix("Sources/App/") ? Self.unlisting(key, from: text) : text
        }
        guard !parts.deleted.isEmpty else {
            throw .usage(
                "no file says it is part of \(key): mark its files and lines with a comment ending in "
                    + "\"part of: \(key)\" first (Docs/README.md, \"Make it small\", shows how)")
        }
        try checkEveryServingIntegrationIsMarked(declaration.kind, changing: parts.deleted + parts.edited.map(\.path))
        let data = OrphanedDataFiles(in: tree)
        try parts.apply(in: tree, "what is part of \(key)")
        try data.removeOrphans(in: tree)
        MentionReport.print(
            "Removed the \(key) service.", mentionsOf: [declaration.protocolName, ".\(key)"], in: tree)
    }

    /// Refuses while an integration serves this service alone (it would serve nothing), or serves
    /// it among others with none of its code for the service marked (a scaffolded integration's is
    /// not): the integration would no longer build. An integration's code is its target folder,
    /// `Integrations/<Name>`, named after its description file in `Sources/App/Integrations`.
    private func checkEveryServingIntegrationIsMarked(
        _ kind: ServiceKind, changing paths: [String]
    ) throws(ToolFailure) {
        // Each description file read once: the configuration name it declares, to its folder.
        var folders: [String: String] = [:]
        for path in tree.files(under: "Sources/App/Integrations") where path.hasSuffix(".swift") {
            guard
                let name = (try? tree.read(path)).flatMap({ try? DescriptionFile(text: $0, path: path) })?
                    .configurationName
            else { continue }
            folders[name] = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        }
        for integration in IntegrationCatalog.all where integration.services.contains(kind) {
            let folder = folders[integration.name] ?? integration.name
            if integration.services == [kind] {
                throw .usage(
                    "\(folder) serves \(key) alone: pick another integration for \(key) in "
                        + "ServiceProvider.defaultChoices if it is the default, run scripts/remove-integration \(folder), "
                        + "then run this again")
            }
            guard !paths.contains(where: { $0.hasPrefix("Integrations/\(folder)/") }) else { continue }
            throw .usage(
                "\(folder) serves \(key) among other services, and none of its code for \(key) is marked as part "
                    + "of it: take \(key) out of \(folder) by hand (or mark its parts), or run "
                    + "scripts/remove-integration \(folder), then run this again")
        }
    }

    /// `text` without the service `key` in the one-line `services: [...]` lists of integration
    /// descriptions, and without its line in `defaultChoices` (`.hosting: .memory,`).
    static func unlisting(_ key: String, from text: String) -> String {
        text.components(separatedBy: "\n").compactMap { line -> String? in
            if line.trimmingCharacters(in: .whitespaces).hasPrefix(".\(key): .") { return nil }
            guard line.contains(".\(key)"), let open = line.range(of: "services: ["),
                let close = line[open.upperBound...].firstIndex(of: "]")
            else { return line }
            let items = line[open.upperBound..<close].split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0 != ".\(key)" }
            return line[..<open.upperBound] + items.joined(separator: ", ") + line[close...]
        }.joined(separator: "\n")
    }
}
