import CSQLiteBaseline
import Foundation
import Models
import SQLiteIntegration
import Services

/// One row of the SQLite benchmark table: the raw C API (baseline) against the integration
/// (subject), measured in the same process, one after the other.
struct SQLiteBenchmarkRow: Sendable {
    /// What was measured, e.g. `"SQLite publish 10,000 posts (posts/s)"`.
    var name: String
    /// The raw C API's figure, in the row's unit.
    var baseline: Double
    /// The integration's figure, in the row's unit.
    var subject: Double
    /// Subject relative to baseline, where higher is better (throughput ratio), or `nil` when
    /// there is no baseline.
    var ratio: Double?
    /// What `ratio` compares, e.g. `"throughput"`.
    var ratioLabel = "throughput"
    /// The target and what the figure includes.
    var note: String
}

/// Benchmarks of the SQLite integration against the raw C API. Run in release mode.
///
/// Both sides use the same schema (created by the integration's migrations), the same pragmas
/// (WAL, `synchronous = NORMAL`, `foreign_keys = ON`, a busy timeout), prepared statements, and
/// generate the same ids (lowercased UUIDs) and millisecond timestamps, so a ratio measures what
/// the integration adds: the actor hop, validation, the statement cache, mapping and cursors.
enum SQLiteBenchmarks {
    /// Runs every SQLite benchmark in `directory` (which must exist) and returns the rows.
    static func run(
        in directory: URL,
        posts: Int = 10_000,
        startupSizes: [Int] = [10_000, 100_000, 1_000_000]
    ) async throws -> [SQLiteBenchmarkRow] {
        var rows: [SQLiteBenchmarkRow] = []
        rows.append(try await publish(count: posts, in: directory))
        rows.append(try await paging(count: posts, pageSize: 50, in: directory))
        rows += try await startup(sizes: startupSizes, in: directory)
        return rows
    }

    // MARK: Publish

    static func publish(count: Int, in directory: URL, rounds: Int = 3) async throws -> SQLiteBenchmarkRow {
        let raw = try RawSQLiteDatabase(path: try await freshDatabase(named: "publish-raw.sqlite", in: directory).path)
        let rawAuthorID = try raw.insertAuthor()
        let subjectFile = try await freshDatabase(named: "publish-subject.sqlite", in: directory)
        let integration = SQLiteIntegration(configuration: .init(storage: .file(subjectFile)))
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "bench", displayName: "Bench"))

        // Alternate which side goes first (the second of a pair measured faster here, whichever it
        // was), so disk and cache state favour neither; keep each side's best.
        var rawBest = Duration.seconds(1_000)
        var subjectBest = Duration.seconds(1_000)
        for round in 0..<rounds * 2 {
            if round % 2 == 0 {
                rawBest = min(
                    rawBest, try ContinuousClock().measure { try raw.publish(count: count, authorID: rawAuthorID) })
            }
            let start = ContinuousClock.now
            for index in 0..<count {
                _ = try await integration.postService.publish(
                    PostDraft(authorID: author.id, text: "post number \(index)")
                )
            }
            subjectBest = min(subjectBest, ContinuousClock.now - start)
            if round % 2 == 1 {
                rawBest = min(
                    rawBest, try ContinuousClock().measure { try raw.publish(count: count, authorID: rawAuthorID) })
            }
        }
        raw.close()
        await integration.stop()

        let baseline = Double(count) / rawBest.inSeconds
        let subject = Double(count) / subjectBest.inSeconds
        return SQLiteBenchmarkRow(
            name: "SQLite publish \(count) posts, one call each (posts/s)",
            baseline: baseline,
            subject: subject,
            ratio: subject / baseline,
            note:
                "target ≥ 0.67× raw; one autocommit INSERT each (WAL, synchronous=NORMAL); best of \(rounds * 2), alternating order"
        )
    }

    // MARK: Paging

    static func paging(count: Int, pageSize: Int, in directory: URL) async throws -> SQLiteBenchmarkRow {
        let file = try await freshDatabase(named: "paging.sqlite", in: directory)
        let raw = try RawSQLiteDatabase(path: file.path)
        let authorID = try raw.insertAuthor()
        try raw.execute("BEGIN IMMEDIATE")
        try raw.publish(count: count, authorID: authorID)
        try raw.execute("COMMIT")

        let rounds = 5
        var rawBest = Duration.seconds(1_000)
        for _ in 0..<rounds {
            var seen = 0
            let time = try ContinuousClock().measure {
                seen = try raw.walkFeed(authorID: authorID, pageSize: pageSize).count
            }
            guard seen == count else { throw SQLiteBenchmarkError("raw walk saw \(seen) of \(count) posts") }
            rawBest = min(rawBest, time)
        }
        raw.close()

        let integration = SQLiteIntegration(configuration: .init(storage: .file(file)))
        try await integration.start()
        var subjectBest = Duration.seconds(1_000)
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            var seen = 0
            var request: PageRequest? = .first(pageSize)
            while let current = request {
                let page = try await integration.postService.feed(authorID: User.ID(authorID), page: current)
                seen += page.items.count
                request = current.next(after: page)
            }
            subjectBest = min(subjectBest, ContinuousClock.now - start)
            guard seen == count else { throw SQLiteBenchmarkError("service walk saw \(seen) of \(count) posts") }
        }
        await integration.stop()

        let pages = Double((count + pageSize - 1) / pageSize)
        let baseline = pages / rawBest.inSeconds
        let subject = pages / subjectBest.inSeconds
        let cursorCost = cursorRoundTripMicroseconds(authorID: authorID)
        return SQLiteBenchmarkRow(
            name: "SQLite page a \(count)-post feed, \(pageSize) per page (pages/s)",
            baseline: baseline,
            subject: subject,
            ratio: subject / baseline,
            note: "target ≥ 0.5× raw; best of \(rounds) walks; the service's cursor encode + decode costs "
                + String(format: "%.1f µs of its %.1f µs per page", cursorCost, 1e6 / subject)
        )
    }

    /// What one page's cursor costs the service: `KeysetCursor` encoded and decoded once, in µs.
    private static func cursorRoundTripMicroseconds(authorID: String) -> Double {
        let rounds = 2_000
        let scope = "posts:" + authorID
        let start = ContinuousClock.now
        for index in 0..<rounds {
            let cursor = KeysetCursor(scope: scope, milliseconds: Int64(index), id: authorID).cursor
            _ = try? KeysetCursor(cursor, scope: scope)
        }
        return (ContinuousClock.now - start).inSeconds * 1e6 / Double(rounds)
    }

    // MARK: Start-up

    /// Start-up plus the first feed page (what `silo feed --limit 1` waits for) on databases of
    /// each size, next to the full `PRAGMA quick_check` that start-up no longer runs; the ratio is
    /// against the smallest database, so a flat start-up shows as about 1.
    static func startup(sizes: [Int], in directory: URL) async throws -> [SQLiteBenchmarkRow] {
        var rows: [SQLiteBenchmarkRow] = []
        var smallest: Double?
        for posts in sizes {
            let (file, authorID) = try await populatedDatabase(posts: posts, in: directory)
            let check = try ContinuousClock().measure {
                let raw = try RawSQLiteDatabase(path: file.path)
                try raw.execute("PRAGMA quick_check")
                raw.close()
            }
            var times: [Duration] = []
            for _ in 0..<5 {
                let integration = SQLiteIntegration(configuration: .init(storage: .file(file)))
                let start = ContinuousClock.now
                try await integration.start()
                blackHole(try await integration.postService.feed(authorID: User.ID(authorID), page: .first(1)))
                times.append(ContinuousClock.now - start)
                await integration.stop()
            }
            let startup = median(times).milliseconds
            smallest = smallest ?? startup
            let bytes =
                (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
            rows.append(
                SQLiteBenchmarkRow(
                    name: "SQLite start-up + first feed page, \(posts.formatted()) posts (ms)",
                    baseline: check.milliseconds,
                    subject: startup,
                    ratio: startup / (smallest ?? startup),
                    ratioLabel: "x the \(sizes[0].formatted())-post start-up",
                    note: "\(bytes / 1_048_576) MiB file; baseline column: the full PRAGMA quick_check "
                        + "start-up no longer runs; median of 5"
                )
            )
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        }
        return rows
    }

    /// A checkpointed database holding `posts` posts by one author, written with the raw C API.
    static func populatedDatabase(posts: Int, in directory: URL) async throws -> (URL, String) {
        let file = try await freshDatabase(named: "startup-\(posts).sqlite", in: directory)
        let raw = try RawSQLiteDatabase(path: file.path)
        let authorID = try raw.insertAuthor()
        try raw.execute("BEGIN IMMEDIATE")
        try raw.publish(count: posts, authorID: authorID)
        try raw.execute("COMMIT")
        try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        raw.close()
        return (file, authorID)
    }

    // MARK: Helpers

    /// A new database file with the integration's schema, created by starting and stopping it.
    static func freshDatabase(named name: String, in directory: URL) async throws -> URL {
        let url = directory.appendingPathComponent(name)
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
        let integration = SQLiteIntegration(configuration: .init(storage: .file(url)))
        try await integration.start()
        await integration.stop()
        return url
    }

}

/// A benchmark that could not run as intended.
struct SQLiteBenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
