import Models
import Services

/// Holds each user's session and renews it once for all concurrent callers (single flight).
///
/// A request acting for a user without a session signs that user in first. On a 401 the first
/// caller refreshes (trading the refresh token for a new session); callers that hit the same 401
/// meanwhile wait for that one refresh and replay with its token. A refresh the backend refuses
/// (400, 401, 403) drops the session, so the caller gets `unauthorized` and the next call signs in
/// again; a refresh that fails otherwise (offline, timed out, cancelled) keeps it.
actor SessionKeeper {
    private let file: CredentialFile
    private let send: HTTPHandler
    private var sessions: [User.ID: CredentialFile.Tokens] = [:]
    private var renewals: [User.ID: Task<Result<CredentialFile.Tokens, HTTPFailure>, Never>] = [:]
    private var signInsAndRefreshes = 0

    /// A keeper saving sessions in `file`, sending sign-in and refresh requests through `send`
    /// (the chain below the auth middleware).
    init(file: CredentialFile, send: @escaping HTTPHandler) {
        self.file = file
        self.send = send
    }

    /// Loads the sessions an earlier run saved.
    func load() throws(ServiceError) {
        sessions = try file.load()
    }

    /// How many sign-ins and refreshes this keeper has sent: for tests of the single flight.
    var renewalCount: Int { signInsAndRefreshes }

    /// The access token for `user`, signing in first when there is no session.
    func accessToken(for user: User.ID) async throws(HTTPFailure) -> String {
        if let tokens = sessions[user] { return tokens.accessToken }
        return try await renew(user, rejected: nil)
    }

    /// A token to replay with after `rejected` got a 401: the one another caller already renewed,
    /// the one a running renewal brings, or a new one from a refresh started now.
    func renew(_ user: User.ID, rejected: String?) async throws(HTTPFailure) -> String {
        if let current = sessions[user], current.accessToken != rejected { return current.accessToken }
        let renewal: Task<Result<CredentialFile.Tokens, HTTPFailure>, Never>
        if let running = renewals[user] {
            renewal = running
        } else {
            let refreshToken = rejected == nil ? nil : sessions[user]?.refreshToken
            let send = self.send
            signInsAndRefreshes += 1
            renewal = Task { await Self.obtain(for: user, refreshToken: refreshToken, send: send) }
            renewals[user] = renewal
        }
        let result = await renewal.value
        if renewals[user] == renewal {
            renewals[user] = nil
            switch result {
            case .success(let tokens):
                sessions[user] = tokens
                // A failed save keeps the session in memory; the next renewal saves again.
                try? file.save(sessions)
            case .failure(.status(let code, _, _)) where [400, 401, 403].contains(code):
                // The backend refused the refresh: the session is over, the next call signs in.
                sessions[user] = nil
                try? file.save(sessions)
            case .failure:
                // Offline, timed out, cancelled: the session may still be good; keep it.
                break
            }
        }
        return try result.get().accessToken
    }

    private static func obtain(for user: User.ID, refreshToken: String?, send: @escaping HTTPHandler) async -> Result<
        CredentialFile.Tokens, HTTPFailure
    > {
        do throws(HTTPFailure) {
            let session: SessionDTO
            if let refreshToken {
                session = try await EndpointCommand(endpoint: RefreshSession(refreshToken: refreshToken), send: send)
                    .run()
            } else {
                session = try await EndpointCommand(endpoint: SignIn(userID: user), send: send).run()
            }
            return .success(.init(accessToken: session.accessToken, refreshToken: session.refreshToken))
        } catch {
            return .failure(error)
        }
    }
}
