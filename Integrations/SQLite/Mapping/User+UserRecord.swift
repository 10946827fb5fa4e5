import Foundation
import Models
import Services

extension User {
    /// Creates the app's user from a stored row.
    ///
    /// - Throws: `.corruptData` when the stored handle breaks the handle rules (written by
    ///   something other than this integration).
    init(_ record: UserRecord) throws(ServiceError) {
        guard let handle = Handle(rawValue: record.handle) else {
            throw .corruptData(location: "users row \(record.id)", reason: "handle is not a valid handle")
        }
        self.init(
            id: User.ID(record.id),
            handle: handle,
            displayName: record.displayName,
            createdAt: Date(millisecondsSince1970: record.createdAt)
        )
    }
}

extension UserRecord {
    /// Creates the row that stores `user`.
    init(_ user: User) {
        self.init(
            id: user.id.rawValue,
            handle: user.handle.rawValue,
            displayName: user.displayName,
            createdAt: user.createdAt.millisecondsSince1970
        )
    }
}
