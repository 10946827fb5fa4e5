import BackendAPI
import Models
import Services

/// `POST /v1/accounts`: sign up. The only way a user is made.
///
/// With a password the account can sign in anywhere; without one it is a device account, acted
/// for only by the session this answer carries (what the HTTP integration makes for
/// `UserService.create`). The answer holds tokens, which the server never keeps, so it is not
/// kept under an idempotency key.
///
/// A sign-up with a password writes twice: the user into the store, the password into the
/// backend's journal. So that a stop between the two never leaves a user nobody can sign in to,
/// the password's hash is journaled first, as a sign-up begun for a handle no user holds, and a
/// restart completes or ends what it finds begun (`BackendState.settleSignUps`).
enum AccountRoutes {
    static let all: [Route] = [
        Route("signUp", "POST", "/v1/accounts", answers: [201], keepsAnswers: false) { context throws(APIFailure) in
            let request = try context.body(Schemas.NewAccount.self)
            let draft = UserDraft(handle: request.handle, displayName: request.displayName)
            let handle = try APIFailure.validating { () throws(ValidationError) -> Handle in
                let (handle, _) = try draft.validated()
                if let password = request.password { _ = try Password.new(password) }
                return handle
            }
            return try await claiming(handle, context: context) { () async throws(APIFailure) in
                try await signUp(draft, handle: handle, password: request.password, context: context)
            }
        }
    ]

    /// Creates the user and its account, with `handle` claimed.
    private static func signUp(
        _ draft: UserDraft, handle: Handle, password: String?, context: RouteContext
    ) async throws(APIFailure) -> ServerResponse {
        let (state, users) = (context.backend.state, context.backend.users)
        // Checked before the hash, so a taken handle costs none, and before a sign-up begins, so
        // one begins only for a free handle.
        try await context.call { () async throws(ServiceError) in
            guard try await users.userHolding(handle) == nil else {
                throw .conflict(reason: "handle \(handle) is taken")
            }
            // A begun sign-up that made no user, and whose end could not be written, ends before
            // another sign-up makes one: settled at the next start, it would give that user its
            // password.
            try await state.endAbandonedSignUp(handle)
        }
        var hash: PasswordHash?
        if let password {
            let made = await context.backend.hasher.hash(password)
            try await context.call { () async throws(ServiceError) in
                try await state.beginSignUp(handle, password: made)
            }
            hash = made
        }
        let user: User
        do {
            user = try await context.change { () async throws(ServiceError) in try await users.create(draft) }
        } catch {
            // Ended only when no user was made: a store that failed after its commit leaves the
            // sign-up begun, and the next start completes the account. When the end cannot be
            // written, the next sign-up for the handle or the next start ends it.
            if hash != nil {
                do throws(ServiceError) {
                    if try await users.userHolding(handle) == nil { try await state.endSignUp(handle) }
                } catch {
                    // Left begun: ended or completed later, as above.
                }
            }
            throw error
        }
        let session = try await context.call { () async throws(ServiceError) in
            if let hash { try await state.addAccount(user.id, password: hash, signedUpAs: handle) }
            return try await state.startSession(for: user.id)
        }
        return .json(201, WireCoding.encode(Schemas.Account(user: Schemas.User(user), session: session)))
    }

    /// Runs `body` with `handle` claimed in the backend's state, and gives it back however `body` ends.
    private static func claiming(
        _ handle: Handle, context: RouteContext, _ body: () async throws(APIFailure) -> ServerResponse
    ) async throws(APIFailure) -> ServerResponse {
        let state = context.backend.state
        try await context.call { () async throws(ServiceError) in try await state.claimHandle(handle) }
        let result: Result<ServerResponse, APIFailure>
        do {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        await state.releaseHandle(handle)
        return try result.get()
    }
}
