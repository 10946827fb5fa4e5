import IntegrationSupport
import Models
import Services

/// Signing in with the server, keeping the signed-in user locally, so this device knows who it
/// acts for while offline. Sign-up and sign-in need the server; the session, once made, is read
/// without it. Get it from `OfflineFirstIntegration.services`.
public struct OfflineFirstAuthenticationService: AuthenticationService {
    let remote: any AuthenticationService
    let local: OfflineFirstLocal
    /// Who was last signed in, kept on this device for when the server cannot say.
    let slot: SignedInSlot
    /// Follows the signed-in user's posts from the next read of the change feed on.
    let engine: SyncEngine

    /// The remote's flow.
    public var signInFlow: SignInFlow { remote.signInFlow }

    /// Signs up on the server and keeps the new user.
    public func signUp(_ draft: UserDraft, password: Password?) async throws(ServiceError) -> AccountSession {
        let session = try await kept(try await remote.signUp(draft, password: password))
        await engine.resumeSending()
        return session
    }

    /// Signs in on the server and keeps the user.
    public func signIn(handle: Handle, password: Password?) async throws(ServiceError) -> AccountSession {
        let session = try await kept(try await remote.signIn(handle: handle, password: password))
        await engine.resumeSending()
        return session
    }

    /// Signs out on the server; the outbox stays, waiting for the next sign-in.
    public func signOut() async throws(ServiceError) {
        try await remote.signOut()
        try await slot.write(nil)
    }

    /// The server's view of the session (its user kept locally); while the server cannot be
    /// reached, the user last signed in on this device.
    public func currentSession() async throws(ServiceError) -> AccountSession? {
        do {
            guard let session = try await remote.currentSession() else {
                try await slot.write(nil)
                return nil
            }
            return try await kept(session)
        } catch {
            guard error.kind == .unavailable || error.kind == .timedOut, let id = try await slot.read(),
                let user = try? await local.users.user(id: id)
            else { throw error }
            return AccountSession(user: user)
        }
    }

    /// The remote's sessions as they change.
    public func observeSession() -> ServiceObservation<AccountSession?> {
        remote.observeSession()
    }

    /// Keeps the session's user locally and in the slot (which skips a write that changes nothing:
    /// every command of the CLI reads the session), and follows them.
    private func kept(_ session: AccountSession) async throws(ServiceError) -> AccountSession {
        try await local.replica.save(session.user)
        try await slot.write(session.user.id)
        await engine.follow(session.user.id)
        return session
    }
}
