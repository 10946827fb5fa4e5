// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Foundation
import IntegrationSupport
import Models
import Services

/// The local side of an offline-first integration in the SQLite file: posts and users in their
/// own tables (so `SQLitePostService` and `SQLiteUserService` read them, and observers see every
/// change), the outbox and the change-feed cursors beside them. Each change and its command are
/// written in one transaction. Get it from `SQLiteIntegration.replica`.
public struct SQLitePostReplica: PostReplicaService {
    let database: Database

    /// What recording did: a queued command, or a delete that found no post of its author.
    private enum Recorded: Sendable {
        case command(OutboxRecord)
        case refused(PostWrites.Refusal)
    }

    /// Applies and queues `operation`; see `PostReplicaService.record(_:key:)`.
    public func record(_ operation: OutboxCommand.Operation, key: String) async throws(ServiceError)
        -> OutboxCommand
    {
        let row = OutboxRecord(operation, key: key)
        // A delete that deletes nothing ends the transaction with what it found, and writes nothing.
        let outcome = try await database.run(meaning: { error in
            PostWrites.insertFailure(error, postID: row.postID, authorID: row.authorID)
        }) { connection throws(SQLiteError) -> Recorded in
            try connection.transaction { () throws(SQLiteError) -> Recorded in
                if case .publish(let post) = operation {
                    try connection.run(PostRecord.insert, values: PostRecord(post).values)
                } else {
                    if let refusal = try PostWrites.delete(row.postID, by: row.authorID, on: connection) {
                        return .refused(refusal)
                    }
                    try connection.run(
                        "DELETE FROM outbox WHERE kind = 'publish' AND post_id = ?1 "
                            + "AND (attempted = 0 OR failure IS NOT NULL)",
                        row.postID)
                }
                try connection.run(OutboxRecord.insert, values: row.insertValues)
                var stored = row
                stored.id = connection.lastInsertRowID
                return .command(stored)
            }
        }
        switch outcome {
        case .command(let record): return try command(record)
        case .refused(let refusal): throw refusal.error(postID: row.postID)
        }
    }

    /// Marks a queued command attempted; see `PostReplicaService.markAttempted(_:)`.
    public func markAttempted(_ id: OutboxCommand.ID) async throws(ServiceError) -> Bool {
        try await database.run { connection throws(SQLiteError) in
            // A row that matches counts as changed even when it was marked already.
            try connection.run("UPDATE outbox SET attempted = 1 WHERE id = ?1 AND failure IS NULL", id) == 1
        }
    }

    /// Every queued command, oldest first.
    public func outbox() async throws(ServiceError) -> [OutboxCommand] {
        let records = try await database.run { connection throws(SQLiteError) in
            try connection.query(OutboxRecord.all, row: OutboxRecord.init(row:))
        }
        var commands: [OutboxCommand] = []
        for record in records { commands.append(try command(record)) }
        return commands
    }

    /// Removes a confirmed command; see `PostReplicaService.complete(_:confirmed:)`.
    @discardableResult
    public func complete(_ id: OutboxCommand.ID, confirmed: Post?) async throws(ServiceError) -> Bool {
        let confirmedRecord = confirmed.map(PostRecord.init)
        return try await database.run { connection throws(SQLiteError) -> Bool in
            try connection.transaction { () throws(SQLiteError) -> Bool in
                // RETURNING rows are read to the end, so the DELETE is done before the UPDATE.
                let removed = try connection.query(
                    "DELETE FROM outbox WHERE id = ?1 RETURNING post_id, author_id, unlisted", id,
                    row: { (postID: $0.text(at: 0), authorID: $0.text(at: 1), unlisted: $0.integer(at: 2) != 0) }
                ).first
                var madeListingDue = false
                if let removed, removed.unlisted {
                    madeListingDue =
                        try connection.run(
                            "UPDATE sync_cursors SET relist = 1 WHERE author_id = ?1 AND relist = 0", removed.authorID)
                        == 1
                }
                guard let record = confirmedRecord, record.id == removed?.postID else { return madeListingDue }
                try connection.run(
                    "UPDATE posts SET text = ?2, created_at = ?3, video_id = ?4 WHERE id = ?1 "
                        + "AND (text, created_at, video_id) IS NOT (?2, ?3, ?4)",
                    record.id, record.text, record.createdAt, record.videoID)
                return madeListingDue
            }
        }
    }

    /// Marks a refused command as failed; see `PostReplicaService.fail(_:reason:)`.
    public func fail(_ id: OutboxCommand.ID, reason: String) async throws(ServiceError) {
        try await database.run { connection throws(SQLiteError) in
            try connection.transaction { () throws(SQLiteError) in
                // A publish whose post is deleted here already leaves: nothing is left to show the
                // refusal on.
                let gone = try connection.run(
                    "DELETE FROM outbox AS publish WHERE id = ?1 AND kind = 'publish' AND EXISTS "
                        + "(SELECT 1 FROM outbox WHERE kind = 'delete' AND post_id = publish.post_id)",
                    id)
                if gone == 0 { try connection.run("UPDATE outbox SET failure = ?2 WHERE id = ?1", id, reason) }
            }
        }
    }

    /// Applies the server's changes; see `PostReplicaService.apply(_:authorID:)`.
    public func apply(_ batch: PostChangeBatch, authorID: User.ID) async throws(ServiceError) {
        let author = authorID.rawValue
        let known = try await database.run { connection throws(SQLiteError) in
            try connection.transaction { () throws(SQLiteError) -> Bool in
                guard try connection.queryFirst("SELECT 1 FROM users WHERE id = ?1", author, row: { _ in true }) != nil
                else { return false }
                var seen = Set<String>()
                for change in batch.changes {
                    switch change {
                    case .saved(let post):
                        seen.insert(post.id.rawValue)
                        guard post.authorID == authorID else { continue }
                        try Self.save(PostRecord(post), on: connection)
                    case .deleted(let id):
                        // Only the author's: under an id this device holds for another author
                        // (its publish refused, the id taken), the change is not about that post.
                        try connection.run("DELETE FROM posts WHERE id = ?1 AND author_id = ?2", id.rawValue, author)
                        try connection.run(
                            "DELETE FROM outbox WHERE kind = 'publish' AND post_id = ?1 AND author_id = ?2",
                            id.rawValue, author)
                    }
                }
                if batch.isSnapshot { try Self.applySnapshot(seen: seen, author: author, on: connection) }
                // A whole listing due stays due until a snapshot comes: a read made before it was
                // due moves the cursor only.
                try connection.run(
                    "INSERT INTO sync_cursors (author_id, cursor) VALUES (?1, ?2) "
                        + "ON CONFLICT (author_id) DO UPDATE SET cursor = excluded.cursor, "
                        + "relist = CASE ?3 WHEN 1 THEN 0 ELSE relist END",
                    author, batch.cursor, batch.isSnapshot ? 1 : 0)
                return true
            }
        }
        guard known else { throw .notFound(what: "author \(authorID)") }
    }

    /// The cursor last applied for `authorID`, or `nil` while a whole listing is due.
    public func cursor(authorID: User.ID) async throws(ServiceError) -> String? {
        try await database.run { connection throws(SQLiteError) in
            try connection.queryFirst(
                "SELECT cursor FROM sync_cursors WHERE author_id = ?1 AND relist = 0", authorID.rawValue,
                row: { $0.text(at: 0) })
        }
    }

    /// Keeps `user` as the server knows them.
    public func save(_ user: User) async throws(ServiceError) {
        let record = UserRecord(user)
        try await database.run(meaning: {
            $0.isUniquenessViolation ? .conflict(reason: "the handle \(user.handle) is taken") : nil
        }) { connection throws(SQLiteError) in
            try connection.run(
                UserRecord.insert
                    + " ON CONFLICT (id) DO UPDATE SET handle = excluded.handle, display_name = excluded.display_name "
                    + "WHERE (handle, display_name) IS NOT (excluded.handle, excluded.display_name)",
                values: record.values)
        }
    }

    /// Removes the author's posts a snapshot lacks, except those whose publish waits to be sent;
    /// of these, the ones a sender took are marked `unlisted`: on the server and deleted there
    /// since, or not there yet, only a listing read after their answer can say.
    private static func applySnapshot(seen: Set<String>, author: String, on connection: Connection)
        throws(SQLiteError)
    {
        let local = try connection.query(
            "SELECT id FROM posts WHERE author_id = ?1 AND id NOT IN "
                + "(SELECT post_id FROM outbox WHERE kind = 'publish')",
            author, row: { $0.text(at: 0) })
        for id in local where !seen.contains(id) {
            try connection.run("DELETE FROM posts WHERE id = ?1", id)
        }
        let taken = try connection.query(
            "SELECT id, post_id FROM outbox WHERE kind = 'publish' AND author_id = ?1 AND attempted = 1 "
                + "AND failure IS NULL AND unlisted = 0",
            author, row: { (id: $0.integer(at: 0), postID: $0.text(at: 1)) })
        for command in taken where !seen.contains(command.postID) {
            try connection.run("UPDATE outbox SET unlisted = 1 WHERE id = ?1", command.id)
        }
    }

    /// Inserts or replaces a post row, unless a delete of it waits to be sent; writes nothing when
    /// the row is already so, or is another author's (this device's post under an id the server
    /// gave to someone else: its publish was refused, and it stays as it is).
    private static func save(_ record: PostRecord, on connection: Connection) throws(SQLiteError) {
        try connection.run(
            "INSERT INTO posts (" + PostRecord.columns + ") SELECT ?1, ?2, ?3, ?4, ?5 "
                + "WHERE NOT EXISTS (SELECT 1 FROM outbox WHERE kind = 'delete' AND post_id = ?1) "
                + "ON CONFLICT (id) DO UPDATE SET text = excluded.text, created_at = excluded.created_at, "
                + "video_id = excluded.video_id "
                + "WHERE posts.author_id = excluded.author_id "
                + "AND (text, created_at, video_id) IS NOT (excluded.text, excluded.created_at, excluded.video_id)",
            values: record.values)
    }

    private func command(_ record: OutboxRecord) throws(ServiceError) -> OutboxCommand {
        try OutboxCommand(record, location: database.location)
    }
}
