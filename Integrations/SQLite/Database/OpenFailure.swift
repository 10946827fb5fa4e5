import Services

/// Why a database could not be opened and brought up to date.
enum OpenFailure: Error, Sendable {
    /// SQLite refused: not a database, corrupt, locked, unreadable.
    case sqlite(SQLiteError)
    /// The schema version is newer than this app's latest migration.
    case newerSchema(found: Int, known: Int)
    /// `PRAGMA quick_check` found problems; its first lines.
    case failedIntegrityCheck(String)

    /// The error `SQLiteIntegration.start()` throws; `location` names the file.
    func serviceError(location: String) -> ServiceError {
        switch self {
        case .sqlite(let error):
            error.serviceError(location: location)
        case .newerSchema(let found, let known):
            .corruptData(
                location: location,
                reason: "schema version \(found) is newer than this app's \(known): "
                    + "the file was written by a newer version of the app and was left unchanged"
            )
        case .failedIntegrityCheck(let report):
            .corruptData(location: location, reason: "integrity check failed: \(report)")
        }
    }
}
