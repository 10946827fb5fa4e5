import Foundation

/// What `swift package dump-package` says of the package: its name and its modules. Read from
/// SwiftPM's own view of the manifest, not from the manifest's text.
struct PackageSummary: Decodable {
    struct Target: Decodable {
        let name: String
    }

    /// The package's name (`Silo`).
    let name: String
    /// Its targets.
    let targets: [Target]

    /// Every module name the package has, lowercased, with the toolchain's own that a name could
    /// also clash with.
    var moduleNames: Set<String> {
        Set(targets.map { $0.name.lowercased() }).union(["foundation", "swift", "testing", "xctest", "dispatch"])
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
