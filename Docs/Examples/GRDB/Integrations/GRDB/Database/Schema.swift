import GRDB

/// The database's tables, as GRDB migrations: each one runs once, in order, in a transaction of its
/// own, and GRDB records which ran in `grdb_migrations`. Append new migrations; never edit one
/// that has shipped.
enum Schema {
    /// The `application_id` in the header of every database this integration makes: "SLGR" in
    /// ASCII, so a file of another program (or of the SQLite integration) is never taken for one.
    static let applicationID: Int32 = 0x534C_4752

    /// Every migration, in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("users and posts") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.create(table: UserRow.databaseTableName) { table in
                table.primaryKey(UserRow.CodingKeys.id.rawValue, .text)
                table.column(UserRow.CodingKeys.handle.rawValue, .text).notNull().unique()
                table.column(UserRow.CodingKeys.displayName.rawValue, .text).notNull()
                table.column(UserRow.CodingKeys.createdAt.rawValue, .integer).notNull()
            }
            try db.create(table: PostRow.databaseTableName) { table in
                table.primaryKey(PostRow.CodingKeys.id.rawValue, .text)
                table.column(PostRow.CodingKeys.authorID.rawValue, .text).notNull()
                    .references(UserRow.databaseTableName, onDelete: .cascade)
                table.column(PostRow.CodingKeys.text.rawValue, .text).notNull()
                table.column(PostRow.CodingKeys.createdAt.rawValue, .integer).notNull()
                table.column(PostRow.CodingKeys.videoID.rawValue, .text)
            }
            // The feed: one author's posts by (created_at, id), read backwards for newest first.
            try db.create(
                index: "post_feed", on: PostRow.databaseTableName,
                columns: [
                    PostRow.CodingKeys.authorID.rawValue, PostRow.CodingKeys.createdAt.rawValue,
                    PostRow.CodingKeys.id.rawValue,
                ])
        }
        return migrator
    }
}
