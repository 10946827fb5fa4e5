import Models
import Services

extension ModelStore {
    /// Validates and stores a new user; see `UserService.create(_:)`.
    public func createUser(_ draft: UserDraft) throws(ServiceError) -> User {
        let (handle, displayName) = try ServiceError.validating { () throws(ValidationError) in try draft.validated() }
        guard userIDsByHandle[handle] == nil else {
            throw .conflict(reason: "the handle \(handle) is taken")
        }
        let user = User(id: User.ID(makeID()), handle: handle, displayName: displayName, createdAt: now())
        users[user.id] = user
        userIDsByHandle[handle] = user.id
        return user
    }

    /// The user with `id`; see `UserService.user(id:)`.
    public func user(id: User.ID) throws(ServiceError) -> User {
        guard let user = users[id] else { throw .notFound(what: "user \(id)") }
        return user
    }

    /// The user with `handle`; see `UserService.user(handle:)`.
    public func user(handle: Handle) throws(ServiceError) -> User {
        guard let id = userIDsByHandle[handle], let user = users[id] else {
            throw .notFound(what: "user \(handle)")
        }
        return user
    }

    /// Changes a user's display name; see `UserService.updateDisplayName(of:to:)`.
    public func updateDisplayName(of id: User.ID, to displayName: String) throws(ServiceError) -> User {
        let name = try ServiceError.validating { () throws(ValidationError) in
            try UserRules.validatedDisplayName(displayName)
        }
        var user = try user(id: id)
        user.displayName = name
        users[id] = user
        return user
    }
}
