import Foundation
import SQLiteIntegration
import ServiceContracts
import Services
import TestSupport

/// The rows `Docs/Formats/sqlite-store.sql` puts in the documented schema, the models they hold,
/// and a database seen as JSON (`sqlite3 -json`, one list per table) so that `JSONShape` compares
/// the tables' columns and the kinds of their values.
enum SQLiteFormatSample {
    static let path = "Docs/Formats/sqlite-store.sql"

    static func make() throws -> FormatSample {
        FormatSample(
            name: path, contents: try FormatSample.contents(of: path), users: DocumentedStoreModels.users,
            posts: DocumentedStoreModels.posts, videos: DocumentedStoreModels.videos)
    }

    /// Runs the sample's SQL on the (migrated, closed) database at `file`.
    static func load(into file: URL) async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID().uuidString).sql")
        try make().contents.write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        try await sqlite3([file.path, ".read \(script.path)"])
    }

    /// Every table the services write, as `{"users": […], "posts": […], "videos": […]}`.
    static func dump(_ file: URL) async throws -> Data {
        var tables: [String] = []
        for table in ["users", "posts", "videos"] {
            let rows = try await sqlite3(["-readonly", "-json", file.path, "SELECT * FROM \(table) ORDER BY id"])
            let list = rows.trimmingCharacters(in: .whitespacesAndNewlines)
            tables.append("\"\(table)\": \(list.isEmpty ? "[]" : list)")
        }
        return Data("{\(tables.joined(separator: ", "))}".utf8)
    }

    /// The shape of the table `service` writes, in `document` (a dump, or the sample's SQL).
    static func shape(of document: Data, for service: ServiceKind) async throws -> [String] {
        var dumped = document
        if (try? JSONSerialization.jsonObject(with: document)) == nil {
            // The sample's SQL: load it into a scratch database of the current schema first.
            let scratch = try TemporaryDirectory(prefix: "sqlite-shape")
            let file = scratch.file(named: "scratch.sqlite")
            let integration = SQLiteIntegration(configuration: .init(storage: .file(file)))
            try await integration.start()
            await integration.stop()
            try await load(into: file)
            dumped = try await dump(file)
        }
        let table = service.rawValue == "library" ? "videos" : service.rawValue
        return try JSONShape.lines(of: dumped, under: table)
    }

    @discardableResult
    private static func sqlite3(_ arguments: [String]) async throws -> String {
        let tool = URL(fileURLWithPath: "/usr/bin/env")
        let outcome = try await ChildProcess.run(
            tool, arguments: ["sqlite3", "-bail"] + arguments, in: FileManager.default.temporaryDirectory)
        guard outcome.status == 0 else {
            throw SampleFailure(description: "sqlite3 \(arguments) exited \(outcome.status): \(outcome.standardError)")
        }
        return outcome.standardOutput
    }

    struct SampleFailure: Error, CustomStringConvertible {
        let description: String
    }
}
