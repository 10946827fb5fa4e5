import Foundation

@testable import SQLiteIntegration

/// What a database file holds after a crash, read with a fresh connection: the output of
/// `PRAGMA integrity_check` and the ids of every stored post (none when the schema was never created).
struct StoredPosts {
    let integrityCheck: [String]
    let ids: Set<String>

    init(in file: DatabaseFile) throws {
        (integrityCheck, ids) = try withRawConnection(to: file) { connection in
            let check = try connection.query("PRAGMA integrity_check") { $0.text(at: 0) }
            // A writer killed while it opened the file may have left it empty: no table, no posts.
            let tables = try connection.query("SELECT name FROM sqlite_master WHERE name = 'posts'") { $0.text(at: 0) }
            let ids = tables.isEmpty ? [] : try connection.query("SELECT id FROM posts") { $0.text(at: 0) }
            return (check, Set(ids))
        }
    }
}
