import Models
import Services

extension User {
    /// Creates the app's user from the file's entry.
    ///
    /// - Throws: `.corruptData` at `location` when the entry breaks a rule every stored user keeps
    ///   (the file was edited by hand or written by something else): the handle rules, the display
    ///   name as `UserRules` leaves it, the id's and the date's rules.
    init(_ entry: UserEntry, location: String) throws(ServiceError) {
        guard let handle = Handle(rawValue: entry.handle) else {
            throw .corruptData(location: location, reason: "\(entry.handle.debugDescription) is not a valid handle")
        }
        do throws(ValidationError) {
            guard try UserRules.validatedDisplayName(entry.displayName) == entry.displayName else {
                throw ValidationError(field: "display_name", reason: "is not trimmed as every stored name is")
            }
            self.init(
                id: try IdentifierRules.validated(User.ID(entry.id), field: "id"), handle: handle,
                displayName: entry.displayName, createdAt: try DateRules.validated(entry.createdAt, field: "created_at")
            )
        } catch {
            throw .corruptData(location: location, reason: error.description)
        }
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
