import BackendAPI
import Foundation
import Models
import Services

extension BackendState {
    /// Starts a session for `userID` (a new family), and returns its tokens; the server keeps only
    /// their hashes. The user's oldest session goes when they already have the most allowed, and
    /// the oldest of all when the server has. Call it only once the user proved who they are.
    ///
    /// - Throws: `.unavailable` when the journal cannot be written (nothing changed then).
    func startSession(for userID: User.ID) throws(ServiceError) -> Schemas.Session {
        try startSession(for: userID.rawValue, family: Self.familyID(), replacing: nil)
    }

    /// What presenting a refresh token led to.
    enum Refreshed {
        /// The token was the family's current one: here is the session that replaces it.
        case renewed(Schemas.Session)
        /// The token was one the family had already used: theft is assumed and the family is over.
        case reused
        /// Nobody knows the token, or its session expired or was signed out.
        case unknown
    }

    /// Replaces the session of `refreshToken` with a new one in the same family (the refresh token
    /// is used up). A refresh token its family already used ends the family's live session:
    /// whoever holds the newer tokens (the thief or the user) must sign in again.
    ///
    /// One exception, for a lost answer: the token the live session replaced renews once more
    /// while that session is unused (no request with its access token since this process
    /// started) and its access token has not expired. The answer that carried the live session's
    /// tokens was lost, so the client still holds the token it sent; signing it out would turn a
    /// lost answer into a sign-out. The session it renews keeps no earlier token, so the grace is
    /// once: a thief's copy of the old token gets at most one session, which the holder of the
    /// other copy ends with their next refresh (and any reuse after that ends the family).
    ///
    /// - Throws: `.unavailable` when the journal cannot be written (nothing changed then).
    func refresh(_ refreshToken: String) throws(ServiceError) -> Refreshed {
        let presented = Self.hash(refreshToken)
        if let id = sessionsByRefresh[presented], let session = sessions[id] {
            guard session.refreshExpiresAt > now() else { return .unknown }
            return .renewed(try renew(session, replacing: presented))
        }
        // Refresh tokens are "<family>.<secret>": a token that is not the family's current one,
        // while the family lives, is one it used before.
        guard let family = refreshToken.split(separator: ".").first.map(String.init),
            let live = sessionsByFamily[family], let session = sessions[live]
        else { return .unknown }
        if replacedRefreshTokens[live] == presented, session.accessExpiresAt > now() {
            return .renewed(try renew(session, replacing: nil))
        }
        try commit([.sessionEnded(id: live)])
        return .reused
    }

    /// A new session in `session`'s family in its place, which a lost answer may renew again with
    /// the refresh token whose hash is `refreshHash` (`nil`: with none).
    private func renew(_ session: SessionRecord, replacing refreshHash: String?) throws(ServiceError)
        -> Schemas.Session
    {
        try startSession(
            for: session.userID, family: session.familyID, replacing: session.id, renewableWith: refreshHash)
    }

    /// Ends the session of `accessToken` (sign-out): its access and refresh tokens stop working at
    /// once. `false` when the token is unknown or expired.
    ///
    /// - Throws: `.unavailable` when the journal cannot be written (the session then still holds).
    func endSession(accessToken: String) throws(ServiceError) -> Bool {
        guard let id = sessionsByAccess[Self.hash(accessToken)], let session = sessions[id],
            session.accessExpiresAt > now()
        else { return false }
        try commit([.sessionEnded(id: id)])
        return true
    }

    /// The user an access token belongs to, while it has not expired; from then on the session is
    /// used, and no lost answer renews it (`refresh(_:)`).
    func user(accessToken: String) -> User.ID? {
        guard let id = sessionsByAccess[Self.hash(accessToken)], let session = sessions[id],
            session.accessExpiresAt > now()
        else { return nil }
        replacedRefreshTokens[id] = nil
        return User.ID(session.userID)
    }

    /// Makes every access token expired now (refresh tokens stay valid): a test control, in
    /// memory only.
    func expireAccessTokens() {
        let now = now()
        for id in sessions.keys { sessions[id]?.accessExpiresAt = now }
    }

    private func startSession(
        for userID: String, family: String, replacing old: String?, renewableWith refreshHash: String? = nil
    ) throws(ServiceError) -> Schemas.Session {
        let now = now()
        let access = Self.token()
        let refresh = "\(family).\(Self.token())"
        let session = SessionRecord(
            id: Self.token(), userID: userID, familyID: family, accessHash: Self.hash(access),
            accessExpiresAt: expiry(after: limits.accessLifetime),
            refreshHash: Self.hash(refresh), refreshExpiresAt: expiry(after: limits.refreshLifetime),
            startedAt: now)
        var records: [StateRecord] = old.map { [.sessionEnded(id: $0)] } ?? []
        var users = (sessionsByUser[userID] ?? []).filter { $0 != old }
        while users.count >= limits.sessionsPerUser {
            records.append(.sessionEnded(id: users.removeFirst()))
        }
        let ending = Set(records.compactMap { if case .sessionEnded(let id) = $0 { id } else { nil } })
        if sessions.count - ending.count >= limits.sessions,
            let oldest = sessions.values.filter({ !ending.contains($0.id) }).min(by: { $0.startedAt < $1.startedAt })
        {
            records.append(.sessionEnded(id: oldest.id))
        }
        records.append(.sessionStarted(session))
        try commit(records)
        replacedRefreshTokens[session.id] = refreshHash
        return Schemas.Session(
            userID: userID, accessToken: access, refreshToken: refresh,
            expiresIn: Int(limits.accessLifetime.components.seconds))
    }

    /// When something that lasts `lifetime` from now ends.
    func expiry(after lifetime: Duration) -> Date {
        now().addingTimeInterval(TimeInterval(lifetime.wholeMilliseconds) / 1_000)
    }

    /// A new family's id: 128 random bits, hex. It leads each of the family's refresh tokens.
    static func familyID() -> String {
        String(token().prefix(32))
    }

    /// A new random token: 256 bits, hex.
    static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// SHA-256 of `token`, hex: what the server keeps instead of it.
    static func hash(_ token: String) -> String {
        SHA256.hexDigest(of: Array(token.utf8))
    }
}
