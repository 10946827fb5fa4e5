import Services

extension ServiceError {
    /// Maps why the file `location` could not be opened to the error `SQLiteIntegration.start()`
    /// throws.
    init(_ failure: OpenFailure, location: String) {
        switch failure {
        case .sqlite(let error):
            self.init(error, location: location)
        case .newerSchema(let found, let known):
            self = .corruptData(
                location: location,
                reason: "its schema version \(found) is newer than this app's \(known), so a newer version of the app "
                    + "wrote it; it was left unchanged: open it with that version, or use another data directory"
            )
        case .foreign(let applicationID, let version, let tables):
            let mark = applicationID == 0 ? "no application id" : "application id \(applicationID)"
            let listed = tables.isEmpty ? "no tables" : "tables " + tables.prefix(5).joined(separator: ", ")
            self = .corruptData(
                location: location,
                reason: "it is another program's database (\(mark), version \(version), \(listed)); it was left "
                    + "unchanged: point this app at another data directory, or move the file aside"
            )
        case .notAFile(let what):
            self = .corruptData(
                location: location,
                reason:
                    "it is \(what), not a database file; it was left unchanged: move it aside or use another data directory"
            )
        case .cannotCreate(let systemErrno):
            self.init(
                SQLiteError(code: 14, message: "cannot create the database file", systemErrno: systemErrno),
                location: location)
        }
    }
}
