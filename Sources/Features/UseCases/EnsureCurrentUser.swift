import Models
import Services

/// Returns the app's current user, creating it on first launch.
///
/// Looks the handle up first (the common case on every later launch); when no user has it,
/// creates one. When another device or task creates the same handle between the look-up and the
/// create, the create fails with `.conflict` and the user is fetched by handle instead, so the
/// use case is safe to run concurrently for one handle.
public enum EnsureCurrentUser: UseCase {
    /// Who the current user is.
    public struct Request: Hashable, Sendable {
        /// The handle as typed; checked with the `Handle` rules.
        public var handle: String
        /// The display name to use when the user is created; an existing user keeps theirs.
        public var displayName: String

        /// Creates a request.
        public init(handle: String, displayName: String) {
            self.handle = handle
            self.displayName = displayName
        }
    }

    /// The current user.
    public struct Response: Hashable, Sendable {
        /// The user with the requested handle.
        public var user: User
        /// Whether this run created the user.
        public var wasCreated: Bool

        /// Creates a response.
        public init(user: User, wasCreated: Bool) {
            self.user = user
            self.wasCreated = wasCreated
        }
    }

    /// Fetches the user by handle, or creates it when missing.
    ///
    /// - Throws: `.invalidInput` (field `"handle"` or `"displayName"`), `.cancelled`, or what the
    ///   user service throws other than the not-found and conflict it recovers from.
    public static func run(
        _ request: Request, with users: any UserService
    ) async throws(ServiceError) -> Response {
        let draft = UserDraft(handle: request.handle, displayName: request.displayName)
        let handle = try ServiceError.validating { () throws(ValidationError) in try draft.validated().handle }
        try ServiceError.checkCancellation()
        do {
            return Response(user: try await users.user(handle: handle), wasCreated: false)
        } catch .notFound {
            // First launch: fall through to create.
        }
        try ServiceError.checkCancellation()
        do {
            return Response(user: try await users.create(draft), wasCreated: true)
        } catch .conflict {
            // Someone else created the handle after our look-up: theirs is the user.
            return Response(user: try await users.user(handle: handle), wasCreated: false)
        }
    }
}
