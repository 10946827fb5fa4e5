import Foundation
import Models

/// Signed-in sessions: access tokens that expire, refresh tokens that renew them once each (and
/// expire after 30 days unused).
///
/// Kept in memory: restarting the backend signs everyone out, and clients sign in again (the
/// HTTP integration does so by itself after its refresh is refused).
actor Sessions {
    private struct Access {
        var userID: User.ID
        var expires: ContinuousClock.Instant
    }

    private let accessLifetime: Duration
    /// How long a refresh token may wait to be used.
    private let refreshLifetime: Duration = .seconds(30 * 24 * 3600)
    private var accessTokens: [String: Access] = [:]
    private var refreshTokens: [String: Access] = [:]
    private var signInsSincePrune = 0

    init(accessLifetime: Duration) {
        self.accessLifetime = accessLifetime
    }

    /// A new session for `userID`.
    func signIn(_ userID: User.ID) -> WireSession {
        let access = Self.token()
        let refresh = Self.token()
        pruneNowAndThen()
        accessTokens[access] = Access(userID: userID, expires: .now + accessLifetime)
        refreshTokens[refresh] = Access(userID: userID, expires: .now + refreshLifetime)
        return WireSession(
            userID: userID.rawValue, accessToken: access, refreshToken: refresh,
            expiresIn: Int(accessLifetime.components.seconds))
    }

    /// A new session for the refresh token's user; the refresh token is used up.
    func refresh(_ token: String) -> WireSession? {
        guard let refresh = refreshTokens.removeValue(forKey: token), refresh.expires > .now else { return nil }
        return signIn(refresh.userID)
    }

    /// Makes every access token expired now (refresh tokens stay valid): for tests of renewal.
    func expireAccessTokens() {
        accessTokens = [:]
    }

    /// The user an access token belongs to, while it has not expired.
    func user(accessToken: String) -> User.ID? {
        guard let access = accessTokens[accessToken] else { return nil }
        guard access.expires > .now else {
            accessTokens[accessToken] = nil
            return nil
        }
        return access.userID
    }

    /// Drops expired tokens every 256 sign-ins, so unused ones do not pile up.
    private func pruneNowAndThen() {
        signInsSincePrune += 1
        guard signInsSincePrune >= 256 else { return }
        signInsSincePrune = 0
        let now = ContinuousClock.now
        accessTokens = accessTokens.filter { $0.value.expires > now }
        refreshTokens = refreshTokens.filter { $0.value.expires > now }
    }

    private static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
    }
}
