/// One step of the schema's history: SQL that takes the schema from `version - 1` to `version`.
///
/// Each migration's SQL ends by setting `PRAGMA user_version` to its own version, written as a
/// literal (a pragma cannot take a bound value). `Migrator` runs the whole script in one
/// transaction and checks the version afterwards, so a migration is applied entirely or not at all.
struct Migration: Sendable {
    /// The schema version after this migration: 1 for the first, then consecutive.
    let version: Int
    /// What the migration does, for logs and docs.
    let summary: String
    /// The schema script, ending with `PRAGMA user_version = <version>;`.
    let sql: SQL
}
