// scripts/remove-service deletes this file with the service it is part of: authentication
import Models
import Services

/// Makes a new user with an account, and signs them in.
public enum SignUp: UseCase {
    /// Who to make, and their password when the service's flow needs one.
    public struct Request: Hashable, Sendable {
        /// The handle as typed; checked with the `Handle` rules.
        public var handle: String
        /// The display name as typed.
        public var displayName: String
        /// The new password as typed, or `nil` for a flow without passwords.
        public var password: String?

        /// Creates a request.
        public init(handle: String, displayName: String, password: String?) {
            self.handle = handle
            self.displayName = displayName
            self.password = password
        }
    }

    /// The session of the new user, signed in: the same answer as a sign-in's.
    public typealias Response = SignIn.Response

    /// Checks the handle, the name and the password (at least 8 bytes), then signs up.
    ///
    /// - Throws: `.invalidInput` naming the field, before the service is called; `.conflict` when
    ///   the handle is taken; `.cancelled`, or what the service throws.
    public static func run(
        _ request: Request, with authentication: any AuthenticationService
    ) async throws(ServiceError) -> Response {
        let draft = UserDraft(handle: request.handle, displayName: request.displayName)
        let password = try ServiceError.validating { () throws(ValidationError) in
            _ = try draft.validated()
            return try request.password.map(Password.new)
        }
        try ServiceError.checkCancellation()
        return Response(session: try await authentication.signUp(draft, password: password))
    }
}
