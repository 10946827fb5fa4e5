// scripts/remove-service deletes this file with the service it is part of: authentication
import Models
import Services

/// Signs an existing user in by handle (and password, when the service's flow has them).
public enum SignIn: UseCase {
    /// Who signs in.
    public struct Request: Hashable, Sendable {
        /// The handle as typed, in any letter case.
        public var handle: String
        /// The password as typed, or `nil` for a flow without passwords.
        public var password: String?

        /// Creates a request.
        public init(handle: String, password: String?) {
            self.handle = handle
            self.password = password
        }
    }

    /// The new session.
    public struct Response: Hashable, Sendable {
        /// Who is signed in now.
        public var session: AccountSession

        /// Creates a response.
        public init(session: AccountSession) {
            self.session = session
        }
    }

    /// Checks the handle's form, then signs in.
    ///
    /// - Throws: `.invalidInput` for a handle or password that cannot be anyone's, before the
    ///   service is called; `.unauthorized` for a wrong handle or password; `.notFound` for an
    ///   unknown handle where the flow has no passwords; `.unavailable` while the account is locked
    ///   (with how long to wait); `.cancelled`, or what the service throws.
    public static func run(
        _ request: Request, with authentication: any AuthenticationService
    ) async throws(ServiceError) -> Response {
        let (handle, password) = try ServiceError.validating { () throws(ValidationError) in
            (try Handle(request.handle), try request.password.map(Password.init))
        }
        try ServiceError.checkCancellation()
        return Response(session: try await authentication.signIn(handle: handle, password: password))
    }
}
