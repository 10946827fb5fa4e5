import Foundation
import JSONFileStoreIntegration
import Models
import SQLiteIntegration
import Services

/// The JSON file store against the SQLite integration on the same operations, by store size:
/// what a publish costs when every save rewrites the whole file, and what opening costs when it
/// reads it all. Run in release mode.
enum JSONStoreBenchmarks {
    /// One measured size: publish latencies and start-up for both stores.
    struct Point: Sendable {
        var posts: Int
        var jsonPublishP50: Double
        var jsonPublishMax: Double
        var sqlitePublishP50: Double
        var sqlitePublishMax: Double
        var jsonStartup: Double
        var sqliteStartup: Double
        /// The JSON store's publish p50 with `syncsEverySave: false` (SQLite's `synchronous = NORMAL`).
        var jsonUnsyncedPublishP50: Double
        /// SQLite's publish p50 with a sync per commit (`synchronous = FULL`, through the C API): the
        /// baseline as durable as the JSON store's default.
        var sqliteSyncedPublishP50: Double
    }

    /// Measures each size in `sizes`, in `directory` (which must exist).
    static func run(in directory: URL, sizes: [Int] = [100, 1_000, 10_000]) async throws -> (
        points: [Point], concurrentSaves: Int
    ) {
        var points: [Point] = []
        for posts in sizes {
            points.append(try await measure(posts: posts, in: directory))
        }
        return (points, try await concurrentSaves(in: directory))
    }

    private static func measure(posts: Int, in directory: URL) async throws -> Point {
        let jsonDirectory = directory.appendingPathComponent("json-\(posts)")
        let authorID = try writeJSONStore(posts: posts, in: jsonDirectory)
        let (sqliteFile, sqliteAuthor) = try await SQLiteBenchmarks.populatedDatabase(posts: posts, in: directory)

        var jsonStarts: [Duration] = []
        var sqliteStarts: [Duration] = []
        for _ in 0..<5 {
            let json = JSONFileStoreIntegration(configuration: .init(directory: jsonDirectory))
            jsonStarts.append(
                try await ContinuousClock().measure {
                    try await json.start()
                    blackHole(try await json.postService.feed(authorID: User.ID(authorID), page: .first(1)))
                })
            await json.stop()
            let sqlite = SQLiteIntegration(configuration: .init(storage: .file(sqliteFile)))
            sqliteStarts.append(
                try await ContinuousClock().measure {
                    try await sqlite.start()
                    blackHole(try await sqlite.postService.feed(authorID: User.ID(sqliteAuthor), page: .first(1)))
                })
            await sqlite.stop()
        }

        let json = JSONFileStoreIntegration(configuration: .init(directory: jsonDirectory))
        try await json.start()
        let jsonLatencies = try await publishLatencies(json.postService, authorID: User.ID(authorID))
        await json.stop()
        let unsynced = JSONFileStoreIntegration(configuration: .init(directory: jsonDirectory, syncsEverySave: false))
        try await unsynced.start()
        let unsyncedLatencies = try await publishLatencies(unsynced.postService, authorID: User.ID(authorID))
        await unsynced.stop()
        let sqlite = SQLiteIntegration(configuration: .init(storage: .file(sqliteFile)))
        try await sqlite.start()
        let sqliteLatencies = try await publishLatencies(sqlite.postService, authorID: User.ID(sqliteAuthor))
        await sqlite.stop()
        let synced = try RawSQLiteDatabase(path: sqliteFile.path, synchronous: "FULL")
        defer { synced.close() }
        let syncedLatencies = try (0..<100).map { index in
            try ContinuousClock().measure { try synced.publish(text: "synced \(index)", authorID: sqliteAuthor) }
                .milliseconds
        }.sorted()

        return Point(
            posts: posts,
            jsonPublishP50: percentile(jsonLatencies, 0.5), jsonPublishMax: jsonLatencies.last ?? 0,
            sqlitePublishP50: percentile(sqliteLatencies, 0.5), sqlitePublishMax: sqliteLatencies.last ?? 0,
            jsonStartup: median(jsonStarts).milliseconds, sqliteStartup: median(sqliteStarts).milliseconds,
            jsonUnsyncedPublishP50: percentile(unsyncedLatencies, 0.5),
            sqliteSyncedPublishP50: percentile(syncedLatencies, 0.5))
    }

    /// 100 publishes one after another, each one's latency in milliseconds, sorted.
    private static func publishLatencies(_ service: some PostService, authorID: User.ID) async throws -> [Double] {
        var latencies: [Double] = []
        for index in 0..<100 {
            let time = try await ContinuousClock().measure {
                _ = try await service.publish(PostDraft(authorID: authorID, text: "timed \(index)"))
            }
            latencies.append(time.milliseconds)
        }
        return latencies.sorted()
    }

    /// How many file saves 1,000 concurrent publishes to a fresh store cost.
    private static func concurrentSaves(in directory: URL) async throws -> Int {
        let store = JSONFileStoreIntegration(configuration: .init(directory: directory.appendingPathComponent("group")))
        try await store.start()
        let author = try await store.userService.create(UserDraft(handle: "group", displayName: "Group"))
        let before = await store.saveCount
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    _ = try await store.postService.publish(PostDraft(authorID: author.id, text: "\(index)"))
                }
            }
            try await group.waitForAll()
        }
        let saves = await store.saveCount - before
        await store.stop()
        return saves
    }

    /// A store file of `posts` posts by one author, written as the documented format (not through
    /// the integration, which would save once per post); returns the author's id.
    private static func writeJSONStore(posts: Int, in directory: URL) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let authorID = UUID().uuidString.lowercased()
        let stamp = "2024-03-01T12:00:00.000Z"
        var entries: [String] = []
        entries.reserveCapacity(posts)
        for index in 0..<posts {
            let id = UUID().uuidString.lowercased()
            entries.append(
                #"{"author_id": "\#(authorID)", "created_at": "\#(stamp)", "id": "\#(id)", "text": "post number \#(index)"}"#
            )
        }
        let user = #"{"created_at": "\#(stamp)", "display_name": "Bench", "handle": "bench", "id": "\#(authorID)"}"#
        let text =
            #"{"format_version": 3, "library": [], "posts": [\#(entries.joined(separator: ",\n"))], "users": [\#(user)]}"#
        try Data(text.utf8).write(to: directory.appendingPathComponent("store.json"))
        return authorID
    }

}
