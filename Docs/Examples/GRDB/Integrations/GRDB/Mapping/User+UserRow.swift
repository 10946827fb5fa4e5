import Foundation
import Models
import Services

extension User {
    /// Creates the app's user from a stored row.
    ///
    /// - Throws: `.corruptData` when the stored handle breaks the handle rules (written by
    ///   something other than this integration).
    init(_ row: UserRow) throws(ServiceError) {
        guard let handle = Handle(rawValue: row.handle) else {
            throw .corruptData(location: "user row \(row.id)", reason: "handle is not a valid handle")
        }
        self.init(
            id: User.ID(row.id),
            handle: handle,
            displayName: row.displayName,
            createdAt: Date(millisecondsSince1970: row.createdAt)
        )
    }
}
