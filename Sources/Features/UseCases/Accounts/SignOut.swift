// scripts/remove-service deletes this file with the service it is part of: authentication
import Services

/// Signs the current user out; does nothing when nobody is signed in.
public enum SignOut: UseCase {
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

    /// Signs out.
    ///
    /// - Throws: `.cancelled`, or what the service throws (`.unavailable` when the session could
    ///   not be forgotten).
    public static func run(
        _ request: Request, with authentication: any AuthenticationService
    ) async throws(ServiceError) -> Response {
        try ServiceError.checkCancellation()
        try await authentication.signOut()
        return Response()
    }
}
