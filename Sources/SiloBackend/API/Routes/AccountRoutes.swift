import BackendAPI
import Models
import Services

/// `POST /v1/accounts`: sign up. The only way a user is made.
///
/// With a password the account can sign in anywhere; without one it is a device account, acted
/// for only by the session this answer carries (what the HTTP integration makes for
/// `UserService.create`). The answer holds tokens, which the server never keeps, so it is not
/// kept under an idempotency key.
enum AccountRoutes {
    static let all: [Route] = [
        Route("signUp", "POST", "/v1/accounts", answers: [201], keepsAnswers: false) { context throws(APIFailure) in
            let request = try context.body(Schemas.NewAccount.self)
            let draft = UserDraft(handle: request.handle, displayName: request.displayName)
            try APIFailure.validating { () throws(ValidationError) in
                _ = try draft.validated()
                if let password = request.password { _ = try Password.new(password) }
            }
            let user = try await context.change { () async throws(ServiceError) in
                try await context.backend.users.create(draft)
            }
            // Hashed once the handle is known to be free: a taken handle costs no hash.
            var hash: PasswordHash?
            if let password = request.password { hash = await context.backend.hasher.hash(password) }
            let session = try await context.call { () async throws(ServiceError) in
                if let hash { try await context.backend.state.addAccount(user.id, password: hash) }
                return try await context.backend.state.startSession(for: user.id)
            }
            return .json(201, WireCoding.encode(Schemas.Account(user: Schemas.User(user), session: session)))
        }
    ]
}
