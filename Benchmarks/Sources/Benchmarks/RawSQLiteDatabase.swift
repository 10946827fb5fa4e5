import CSQLiteBaseline
import Foundation
import Models

/// The baseline for the SQLite benchmarks: the C API used directly, as a careful programmer would
/// without the integration (prepared statements, bound values, the same pragmas).
final class RawSQLiteDatabase {
    private let handle: OpaquePointer
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Opens `path` in WAL mode with `synchronous` as the integration sets it (`NORMAL`: no sync
    /// per commit), or `FULL` for a baseline that syncs every commit as the JSON store's saves do.
    init(path: String, synchronous: String = "NORMAL") throws {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
            let connection
        else {
            sqlite3_close_v2(connection)
            throw SQLiteBenchmarkError("cannot open \(path)")
        }
        handle = connection
        sqlite3_busy_timeout(handle, 5_000)
        try execute("PRAGMA foreign_keys = ON")
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = \(synchronous)")
    }

    func close() {
        sqlite3_close_v2(handle)
    }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw SQLiteBenchmarkError(String(cString: sqlite3_errmsg(handle)))
        }
    }

    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SQLiteBenchmarkError(String(cString: sqlite3_errmsg(handle)))
        }
        return statement
    }

    /// Inserts the author every benchmark post belongs to and returns its id.
    func insertAuthor() throws -> String {
        let id = UUID().uuidString.lowercased()
        let statement = try prepare("INSERT INTO users (id, handle, display_name, created_at) VALUES (?1, ?2, ?3, ?4)")
        defer { sqlite3_finalize(statement) }
        bind(id, 1, statement)
        bind("bench", 2, statement)
        bind("Bench", 3, statement)
        sqlite3_bind_int64(statement, 4, Date().millisecondsSince1970)
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw SQLiteBenchmarkError(String(cString: sqlite3_errmsg(handle)))
        }
        return id
    }

    /// Publishes `count` posts by `authorID`, one INSERT each, generating ids and times like the service.
    func publish(count: Int, authorID: String) throws {
        let statement = try prepare(
            "INSERT INTO posts (id, author_id, text, created_at, video_id) VALUES (?1, ?2, ?3, ?4, ?5)"
        )
        defer { sqlite3_finalize(statement) }
        for index in 0..<count {
            bind(UUID().uuidString.lowercased(), 1, statement)
            bind(authorID, 2, statement)
            bind("post number \(index)", 3, statement)
            sqlite3_bind_int64(statement, 4, Date().millisecondsSince1970)
            sqlite3_bind_null(statement, 5)
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw SQLiteBenchmarkError(String(cString: sqlite3_errmsg(handle)))
            }
            sqlite3_reset(statement)
        }
    }

    /// Publishes one post with `text` by `authorID` (an autocommit INSERT, like the service's).
    func publish(text: String, authorID: String) throws {
        let statement = try prepare(
            "INSERT INTO posts (id, author_id, text, created_at, video_id) VALUES (?1, ?2, ?3, ?4, NULL)"
        )
        defer { sqlite3_finalize(statement) }
        bind(UUID().uuidString.lowercased(), 1, statement)
        bind(authorID, 2, statement)
        bind(text, 3, statement)
        sqlite3_bind_int64(statement, 4, Date().millisecondsSince1970)
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw SQLiteBenchmarkError(String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// `PRAGMA data_version`: changes when another connection commits.
    func dataVersion() throws -> Int64 {
        let statement = try prepare("PRAGMA data_version")
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else {
            throw SQLiteBenchmarkError(String(cString: sqlite3_errmsg(handle)))
        }
        return sqlite3_column_int64(statement, 0)
    }

    /// The text of `authorID`'s newest post, if any.
    func newestText(authorID: String) throws -> String? {
        let statement = try prepare(
            "SELECT text FROM posts WHERE author_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 1"
        )
        defer { sqlite3_finalize(statement) }
        bind(authorID, 1, statement)
        return sqlite3_step(statement) == SQLITE_ROW ? text(statement, 0) : nil
    }

    /// Walks `authorID`'s feed newest first, `pageSize` at a time (fetching one extra row to know
    /// whether a page follows, as the service does), building `Post` values.
    func walkFeed(authorID: String, pageSize: Int) throws -> [Post] {
        let first = try prepare(
            """
            SELECT id, author_id, text, created_at, video_id FROM posts WHERE author_id = ?1
            ORDER BY created_at DESC, id DESC LIMIT ?2
            """
        )
        let next = try prepare(
            """
            SELECT id, author_id, text, created_at, video_id FROM posts
            WHERE author_id = ?1 AND (created_at, id) < (?2, ?3)
            ORDER BY created_at DESC, id DESC LIMIT ?4
            """
        )
        defer {
            sqlite3_finalize(first)
            sqlite3_finalize(next)
        }
        var all: [Post] = []
        var last: Post?
        repeat {
            let statement: OpaquePointer
            if let last {
                statement = next
                bind(authorID, 1, statement)
                sqlite3_bind_int64(statement, 2, last.createdAt.millisecondsSince1970)
                bind(last.id.rawValue, 3, statement)
                sqlite3_bind_int64(statement, 4, Int64(pageSize + 1))
            } else {
                statement = first
                bind(authorID, 1, statement)
                sqlite3_bind_int64(statement, 2, Int64(pageSize + 1))
            }
            var page: [Post] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                page.append(
                    Post(
                        id: Post.ID(text(statement, 0)),
                        authorID: User.ID(text(statement, 1)),
                        text: text(statement, 2),
                        createdAt: Date(millisecondsSince1970: sqlite3_column_int64(statement, 3)),
                        videoID: sqlite3_column_type(statement, 4) == SQLITE_NULL ? nil : Video.ID(text(statement, 4))
                    )
                )
            }
            sqlite3_reset(statement)
            // Like the service: one extra row says whether another page follows.
            let hasMore = page.count > pageSize
            all += page.prefix(pageSize)
            last = hasMore ? page[pageSize - 1] : nil
        } while last != nil
        return all
    }

    private func bind(_ value: String, _ index: Int32, _ statement: OpaquePointer) {
        var value = value
        _ = value.withUTF8 { sqlite3_bind_text(statement, index, $0.baseAddress, Int32($0.count), Self.transient) }
    }

    private func text(_ statement: OpaquePointer, _ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, index) else { return "" }
        return String(
            decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, index))),
            as: UTF8.self
        )
    }
}
