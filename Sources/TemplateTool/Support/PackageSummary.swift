import Foundation

/// What `swift package dump-package` says of the package: its name and its modules with their
/// folders and dependencies. Read from SwiftPM's own view of the manifest, not from its text.
struct PackageSummary: Decodable {
    /// One module of the package.
    struct Target: Decodable {
        /// `JSONFileStoreIntegration`.
        let name: String
        /// `regular`, `test`, `executable`, `system`, ...
        let type: String
        /// The folder the manifest gives, or `nil` for the default one.
        let path: String?
        /// The names of the targets and products it depends on.
        let dependencies: [String]

        /// Its folder relative to the package root: the manifest's, or SwiftPM's default.
        var folder: String {
            path ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
        }

        private enum CodingKeys: String, CodingKey {
            case name, type, path, dependencies
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            type = try container.decode(String.self, forKey: .type)
            path = try container.decodeIfPresent(String.self, forKey: .path)
            // Each dependency is `{"byName": ["Models", null]}`, `{"target": [...]}` or
            // `{"product": [...]}`: a kind, then the name first.
            let entries = try container.decode([[String: [FirstString]]].self, forKey: .dependencies)
            dependencies = entries.compactMap { $0.values.first?.first?.text }
        }
    }

    /// An element of a dependency's array: its text when it is a string, `nil` otherwise.
    private struct FirstString: Decodable {
        let text: String?

        init(from decoder: any Decoder) throws {
            text = try? decoder.singleValueContainer().decode(String.self)
        }
    }

    /// The package's name (`Silo`).
    let name: String
    /// Its targets.
    let targets: [Target]
    /// Its products (with those the manifest derives, such as each integration's library).
    let products: [Product]

    /// A product: `silo-backend`, made of `SiloBackend`.
    struct Product: Decodable {
        /// `silo-backend`.
        let name: String
        /// The targets it is made of.
        let targets: [String]
    }

    /// Every module name the package has, lowercased, with the toolchain's own that a name could
    /// also clash with.
    var moduleNames: Set<String> {
        Set(targets.map { $0.name.lowercased() }).union(["foundation", "swift", "testing", "xctest", "dispatch"])
    }

    /// The target named `name`, if any.
    func target(named name: String) -> Target? {
        targets.first { $0.name == name }
    }

    /// Asks SwiftPM for the package in `tree`.
    ///
    /// - Throws: a failure when SwiftPM cannot read the manifest.
    static func read(_ tree: PackageTree) throws(ToolFailure) -> PackageSummary {
        let json = try ChildProcess.run(["swift", "package", "dump-package"], in: tree.root)
        do {
            return try JSONDecoder().decode(PackageSummary.self, from: Data(json.utf8))
        } catch {
            throw .failed("`swift package dump-package` printed what this tool cannot read: \(error)")
        }
    }
}
