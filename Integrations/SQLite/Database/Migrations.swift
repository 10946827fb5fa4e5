extension Migration {
    /// Every migration in order. Append new ones at the end; never edit one that has shipped.
    ///
    /// To add a migration: append `Migration(version: n + 1, ...)` whose SQL ends with
    /// `PRAGMA user_version = n + 1;`, then add a test that upgrades a database from version `n`.
    static let all: [Migration] = [
        Migration(
            version: 1,
            summary: "users and posts, with the feed index",
            sql: """
                CREATE TABLE users (
                    id TEXT PRIMARY KEY NOT NULL,
                    handle TEXT NOT NULL UNIQUE,
                    display_name TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE TABLE posts (
                    id TEXT PRIMARY KEY NOT NULL,
                    author_id TEXT NOT NULL REFERENCES users (id),
                    text TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    video_id TEXT
                );
                CREATE INDEX posts_by_author_newest_first ON posts (author_id, created_at DESC, id DESC);
                PRAGMA user_version = 1;
                """
        ),
        Migration(
            version: 2,
            summary: "the video library, with the listing index",
            sql: """
                CREATE TABLE videos (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL,
                    title TEXT NOT NULL,
                    duration_ms INTEGER,
                    status TEXT NOT NULL CHECK (status IN ('processing', 'ready', 'failed')),
                    playback_url TEXT,
                    failure_reason TEXT,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX videos_by_owner_newest_first ON videos (owner_id, created_at DESC, id DESC);
                PRAGMA user_version = 2;
                """
        ),
        Migration(
            version: 3,
            summary: "mark the file as this app's (application_id \"SILO\"), so another program's database is refused",
            sql: """
                PRAGMA application_id = 1397312591;
                PRAGMA user_version = 3;
                """
        ),
        Migration(
            version: 4,
            summary: "the outbox and change-feed cursors of an offline-first integration",
            sql: """
                CREATE TABLE outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    key TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('publish', 'delete')),
                    post_id TEXT NOT NULL,
                    author_id TEXT NOT NULL,
                    text TEXT,
                    created_at INTEGER,
                    video_id TEXT,
                    failure TEXT
                );
                CREATE TABLE sync_cursors (
                    author_id TEXT PRIMARY KEY NOT NULL,
                    cursor TEXT NOT NULL
                );
                PRAGMA user_version = 4;
                """
        ),
        Migration(
            version: 5,
            summary: "find an outbox command by its post, as every applied change and recorded delete does",
            sql: """
                CREATE INDEX outbox_by_post ON outbox (post_id, kind);
                PRAGMA user_version = 5;
                """
        ),
        Migration(
            version: 6,
            summary: "mark outbox commands a sender has taken, so a delete no longer cancels a publish on its way",
            sql: """
                ALTER TABLE outbox ADD COLUMN attempted INTEGER NOT NULL DEFAULT 0 CHECK (attempted IN (0, 1));
                UPDATE outbox SET attempted = 1;
                PRAGMA user_version = 6;
                """
        ),
        Migration(
            version: 7,
            summary: "read an author's feed whole again once a publish a snapshot did not list is answered",
            sql: """
                ALTER TABLE outbox ADD COLUMN unlisted INTEGER NOT NULL DEFAULT 0 CHECK (unlisted IN (0, 1));
                ALTER TABLE sync_cursors ADD COLUMN relist INTEGER NOT NULL DEFAULT 0 CHECK (relist IN (0, 1));
                PRAGMA user_version = 7;
                """
        ),
    ]
}
