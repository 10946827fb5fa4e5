import Models
import Services

extension User {
    /// The app's user from the API's.
    ///
    /// - Throws: `.corruptData` when the handle breaks the app's rules.
    init(_ dto: UserDTO) throws(ServiceError) {
        let handle: Handle
        do {
            handle = try Handle(dto.handle)
        } catch {
            throw .corruptData(location: "user \(dto.id) from the backend", reason: "handle: \(error.reason)")
        }
        self.init(id: User.ID(dto.id), handle: handle, displayName: dto.displayName, createdAt: dto.createdAt)
    }
}
