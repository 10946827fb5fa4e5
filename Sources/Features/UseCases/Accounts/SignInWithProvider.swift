// scripts/remove-service deletes this file with the service it is part of: authentication
import Commands
import Models
import Services

/// Signs in through a vendor's own sign-in (`SignInFlow.provided`), presented from a screen.
public struct SignInWithProvider: Command {
    /// Which vendor's sign-in runs.
    public struct Request: Hashable, Sendable {
        /// The vendor's name, for reports.
        public var vendor: String

        /// Creates a request.
        public init(vendor: String) {
            self.vendor = vendor
        }
    }

    /// The new session.
    public typealias Response = SignIn.Response

    /// The request this command carries out.
    public let request: Request
    private let present: @MainActor @Sendable () async throws(ServiceError) -> AccountSession

    /// Creates the command presenting `provided` from `anchor` (held weakly: a screen that is gone
    /// cancels the sign-in); nothing runs until `execute()`.
    @MainActor
    public init(provided: ProvidedSignIn, from anchor: any SignInAnchor) {
        request = Request(vendor: provided.vendor)
        present = { [weak anchor] () async throws(ServiceError) -> AccountSession in
            guard let anchor else { throw .cancelled }
            return try await provided.present(from: anchor)
        }
    }

    /// Runs the vendor's sign-in on the main actor.
    ///
    /// - Throws: `.cancelled` when the user or the screen gave up, or what the vendor's sign-in
    ///   throws, mapped to `ServiceError` by its integration.
    public func execute() async throws(ServiceError) -> Response {
        try ServiceError.checkCancellation()
        return Response(session: try await present())
    }
}
