import Models

extension User {
    /// The app's user from the API's.
    ///
    /// - Throws: a violation of `handle` when it breaks the app's rules.
    public init(_ schema: Schemas.User) throws(SchemaViolation) {
        let handle: Handle
        do {
            handle = try Handle(schema.handle)
        } catch {
            throw SchemaViolation(subject: "user \(schema.id)", field: "handle", reason: error.reason)
        }
        self.init(id: User.ID(schema.id), handle: handle, displayName: schema.displayName, createdAt: schema.createdAt)
    }
}

extension Schemas.User {
    /// The API's user for the app's.
    public init(_ user: User) {
        self.init(
            id: user.id.rawValue, handle: user.handle.rawValue, displayName: user.displayName,
            createdAt: user.createdAt)
    }
}
