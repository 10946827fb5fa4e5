import Foundation
import JSONFileStoreIntegration
import Models
import Services
import TestSupport

/// A JSON store directory in its own temporary directory, with helpers to start integrations on it
/// and read what the file holds.
struct StoreDirectory: Sendable {
    let directory: TemporaryDirectory

    init(prefix: String = "json-store") throws {
        directory = try TemporaryDirectory(prefix: prefix)
    }

    /// The store's directory.
    var url: URL { directory.url }
    /// `store.json`.
    var file: URL { url.appendingPathComponent("store.json") }

    /// A new, not yet started integration on the directory.
    func integration() -> JSONFileStoreIntegration {
        JSONFileStoreIntegration(configuration: .init(directory: url))
    }

    /// Starts an integration, runs `body` with it and stops it, also when `body` throws.
    func withStarted<Result: Sendable>(_ body: (JSONFileStoreIntegration) async throws -> Result) async throws
        -> Result
    {
        try await TestSupport.withStarted(integration(), body)
    }

    /// Starts a `JSONStoreWriterFixture` process on the store as user `handle`, publishing until
    /// killed: each line it prints is the id of a post whose publish had returned (was durable).
    func startWriter(handle: String) throws -> RunningChild {
        try RunningChild(
            try ChildProcess.executable(named: "JSONStoreWriterFixture"), arguments: [url.path, handle, "0"])
    }

    /// Writes `text` as the store file, creating the directory.
    func write(_ text: String) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The ids of every post the file holds, read with `JSONSerialization`, not the integration.
    func storedPostIDs() throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: file)) as? [String: Any]
        let posts = object?["posts"] as? [[String: Any]] ?? []
        return Set(posts.compactMap { $0["id"] as? String })
    }
}
