import Models
import Services

extension User {
    /// Creates the app's user from the file's entry.
    ///
    /// - Throws: `.corruptData` at `location` when the handle breaks the handle rules (the file was
    ///   edited by hand or written by something else).
    init(_ entry: UserEntry, location: String) throws(ServiceError) {
        guard let handle = Handle(rawValue: entry.handle) else {
            throw .corruptData(location: location, reason: "\(entry.handle.debugDescription) is not a valid handle")
        }
        self.init(id: User.ID(entry.id), handle: handle, displayName: entry.displayName, createdAt: entry.createdAt)
    }
}

extension UserEntry {
    /// The entry that stores `user`.
    init(_ user: User) {
        self.init(
            id: user.id.rawValue, handle: user.handle.rawValue, displayName: user.displayName,
            createdAt: user.createdAt)
    }
}
