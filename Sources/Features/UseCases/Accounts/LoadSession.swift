// scripts/remove-service deletes this file with the service it is part of: authentication
import Models
import Services

/// Finds who is signed in, if anyone.
public enum LoadSession: UseCase {
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

    /// Reads the current session.
    ///
    /// - Throws: `.cancelled`, or what the service throws (`.corruptData` for a damaged record).
    public static func run(
        _ request: Request, with authentication: any AuthenticationService
    ) async throws(ServiceError) -> Response {
        try ServiceError.checkCancellation()
        return Response(session: try await authentication.currentSession())
    }
}
