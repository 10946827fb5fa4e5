// scripts/remove-service deletes this file with the service it is part of: authentication
import Commands
import Models
import Services

/// Signs the current user out; does nothing when nobody is signed in.
public struct SignOut: Command {
    /// Nothing to say: the current session ends.
    public struct Request: Hashable, Sendable {
        /// Creates a request.
        public init() {}
    }

    /// Nothing to report: nobody is signed in now.
    public struct Response: Hashable, Sendable {
        /// Creates a response.
        public init() {}
    }

    /// The request this command carries out.
    public let request: Request
    private let authentication: any AuthenticationService

    /// Creates the command; nothing runs until `execute()`.
    public init(request: Request, authentication: any AuthenticationService) {
        self.request = request
        self.authentication = authentication
    }

    /// Signs out.
    ///
    /// - Throws: `.cancelled`, or what the service throws (`.unavailable` when the session could
    ///   not be forgotten).
    public func execute() async throws(ServiceError) -> Response {
        try ServiceError.checkCancellation()
        try await authentication.signOut()
        return Response()
    }
}
