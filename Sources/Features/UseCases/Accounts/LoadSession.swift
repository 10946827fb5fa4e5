// scripts/remove-service deletes this file with the service it is part of: authentication
import Commands
import Models
import Services

/// Finds who is signed in, if anyone.
public struct LoadSession: Command {
    /// Nothing to say: the current session is read.
    public struct Request: Hashable, Sendable {
        /// Creates a request.
        public init() {}
    }

    /// Who is signed in.
    public struct Response: Hashable, Sendable {
        /// The current session, or `nil` when nobody is signed in.
        public var session: AccountSession?

        /// Creates a response.
        public init(session: AccountSession?) {
            self.session = session
        }
    }

    /// The request this command carries out.
    public let request: Request
    private let authentication: any AuthenticationService

    /// Creates the command; nothing runs until `execute()`.
    public init(request: Request, authentication: any AuthenticationService) {
        self.request = request
        self.authentication = authentication
    }

    /// Reads the current session.
    ///
    /// - Throws: `.cancelled`, or what the service throws (`.corruptData` for a damaged record).
    public func execute() async throws(ServiceError) -> Response {
        try ServiceError.checkCancellation()
        return Response(session: try await authentication.currentSession())
    }
}
