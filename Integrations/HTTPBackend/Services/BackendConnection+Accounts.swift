import BackendAPI
import Models
import Services

extension BackendConnection {
    /// `POST /v1/accounts`: makes the user and keeps the session the answer carries on this device
    /// (as the signed-in one when `isCurrent`); `password` `nil` makes a device account. Sent
    /// without an idempotency key: the answer holds tokens, which the backend never keeps to replay.
    func createAccount(_ draft: UserDraft, password: Password?, isCurrent: Bool) async throws(ServiceError) -> User {
        let account = try await call(
            Operations.SignUp(handle: draft.handle, displayName: draft.displayName, password: password))
        let user = try ServiceError.mapping { () throws(SchemaViolation) in try User(account.user) }
        try await sessions.adopt(account.session, isCurrent: isCurrent)
        changes.notify()
        return user
    }
}
