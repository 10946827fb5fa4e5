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
    /// killed (or, with `limit`, `limit` posts, then holding the store open until killed): each line
    /// it prints is the id of a post whose publish had returned (was durable).
    func startWriter(handle: String, limit: Int? = nil, syncsEverySave: Bool = true) throws -> RunningChild {
        let count = limit.map { ["\($0)", "--hold"] } ?? ["0"]
        return try RunningChild(
            try ChildProcess.executable(named: "JSONStoreWriterFixture"),
            arguments: [url.path, handle] + count + (syncsEverySave ? [] : ["--unsynced"]))
    }

    /// Writes `text` as the store file, creating the directory.
    func write(_ text: String) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// `store.journal`: the saves since `store.json` was last written.
    var journal: URL { url.appendingPathComponent("store.journal") }

    /// The ids of every post the files hold, read with `JSONSerialization`, not the integration, as
    /// the docs tell an outside reader to: `store.json`, then each complete line of `store.journal`
    /// in order (its `posts` added, its `deleted_posts` removed).
    func storedPostIDs() throws -> Set<String> {
        var ids: Set<String> = []
        if FileManager.default.fileExists(atPath: file.path) {
            let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: file)) as? [String: Any]
            ids = Set((object?["posts"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        }
        guard let lines = try? Data(contentsOf: journal) else { return ids }
        for line in lines.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
            let entry = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            ids.formUnion((entry?["posts"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
            ids.subtract(entry?["deleted_posts"] as? [String] ?? [])
        }
        return ids
    }
}
