import BackendAPI
import HTTPSupport
import Models
import Services

/// Holds the sessions of the users signed in on this device, which one is the current user, and
/// renews a session once for all concurrent callers (single flight), and once for all the clients
/// of its credentials file, in this process or another (the file's renewal lock).
///
/// Sessions come from signing up or in (`adopt`); a request acting for a user without one fails
/// `notSignedIn`, since only the user's password (or the session a sign-up returned) can start
/// one, unless the configuration's `missingSession` supplies one (asked once for all callers).
/// On a 401 the first caller refreshes (trading the refresh token for a new session, which
/// uses it up); callers that hit the same 401 meanwhile wait for that one refresh and replay with
/// its token, and so does another client of the file that meets it while the refresh is on its
/// way. A refresh the backend refuses (400, 401, 403) ends the session here (and the user is no
/// longer the current user), and the call that needed it fails as unauthorized; one that fails
/// otherwise (offline, timed out, cancelled) keeps it.
actor SessionKeeper: TokenProvider {
    private let file: CredentialFile
    private let sessionEnded: @Sendable () -> Void
    private var contents = CredentialFile.Contents()
    /// Each user's session as this keeper last read it from the file or wrote it there. The file
    /// holds a newer one only when it differs from this: another client wrote it. When a save
    /// failed, memory is newer than the file, which must then not be taken back.
    private var seenOnFile: [User.ID: CredentialFile.Tokens] = [:]
    private var renewals: [User.ID: Task<Result<CredentialFile.Tokens, HTTPFailure>, Never>] = [:]
    private var refreshes = 0
    private let missingSession: MissingSession?
    private var starts: [User.ID: Task<CredentialFile.Tokens?, Never>] = [:]
    /// The clock a renewal waits for another client's on.
    nonisolated let clock: any Clock<Duration>
    /// How long a renewal waits for another client's at most.
    nonisolated let renewalWait: Duration
    private let diagnostics: (@Sendable (String) -> Void)?

    /// Supplies a session for a user the device holds none for.
    typealias MissingSession = @Sendable (User.ID) async -> (accessToken: String, refreshToken: String)?

    /// A keeper saving sessions in `file`, asking `missingSession` for users without one, and
    /// calling `sessionEnded` when a session it holds ends other than by its own `forget`: the
    /// backend refused to renew it here, or this keeper finds it gone from the file (another
    /// client signed the user out, or saw its renewal refused). A renewal waits at most
    /// `renewalWait` on `clock` for another client's renewal of the same session: about as long as
    /// that one's refresh can take; `diagnostics` is told when one starts to wait.
    init(
        file: CredentialFile, missingSession: MissingSession? = nil,
        clock: any Clock<Duration> = ContinuousClock(), renewalWait: Duration = .seconds(20),
        diagnostics: (@Sendable (String) -> Void)? = nil, sessionEnded: @escaping @Sendable () -> Void = {}
    ) {
        self.file = file
        self.diagnostics = diagnostics
        self.missingSession = missingSession
        self.clock = clock
        self.renewalWait = renewalWait
        self.sessionEnded = sessionEnded
    }

    /// Loads the sessions an earlier run saved.
    func load() throws(ServiceError) {
        contents = try file.load()
        seenOnFile = contents.sessions
    }

    /// How many refreshes this keeper has sent: for tests of the single flight.
    var renewalCount: Int { refreshes }

    /// The signed-in user, if any.
    var currentUser: User.ID? { contents.currentUser }

    /// Keeps `session`'s tokens for its user, as the current user when `isCurrent`.
    ///
    /// - Throws: `.unavailable` when the credentials file cannot be written; the session is kept
    ///   in memory even then.
    func adopt(_ session: Schemas.Session, isCurrent: Bool) throws(ServiceError) {
        let user = User.ID(session.userID)
        let tokens = CredentialFile.Tokens(accessToken: session.accessToken, refreshToken: session.refreshToken)
        contents.sessions[user] = tokens
        if isCurrent { contents.currentUser = user }
        let saved = try write { saved in
            saved.sessions[user] = tokens
            if isCurrent { saved.currentUser = user }
        }
        contents.currentUser = saved.currentUser
    }

    /// Forgets `user`'s session (and that they are the current user).
    ///
    /// - Throws: `.unavailable` when the credentials file cannot be written.
    func forget(_ user: User.ID) throws(ServiceError) {
        let saved = try write(removing: user) { saved in Self.drop(user, from: &saved) }
        contents.currentUser = saved.currentUser
        Self.drop(user, from: &contents)
    }

    /// Changes the file by `change`, and first writes again what a failed save of this keeper left
    /// undone, where no other client has changed that user's session since: a session the file
    /// lacks, or one this keeper ended that the file still holds. Then takes in what other clients
    /// changed (a session written, or one removed: a sign-out, which `sessionEnded` reports, unless
    /// it is of `removing`, the user this write signs out), except where this keeper holds a
    /// session not yet saved, which a newer session on the file does not replace (a sign-out does).
    ///
    /// - Throws: what `CredentialFile.update` throws; memory is unchanged then.
    private func write(removing: User.ID? = nil, _ change: (inout CredentialFile.Contents) -> Void)
        throws(ServiceError) -> CredentialFile.Contents
    {
        let (unsaved, seen) = (contents.sessions.filter { seenOnFile[$0.key] != $0.value }, seenOnFile)
        let ended = seenOnFile.filter { contents.sessions[$0.key] == nil }
        var removedHere = Set([removing].compactMap { $0 })
        let saved = try file.update(from: contents) { onFile in
            let before = Set(onFile.sessions.keys)
            for (user, tokens) in unsaved where onFile.sessions[user] == seen[user] { onFile.sessions[user] = tokens }
            for (user, tokens) in ended where onFile.sessions[user] == tokens { Self.drop(user, from: &onFile) }
            change(&onFile)
            removedHere.formUnion(before.subtracting(onFile.sessions.keys))
        }
        var endedElsewhere = false
        for user in Set(saved.sessions.keys).union(seenOnFile.keys) {
            let dropped = take(saved.sessions[user], of: user)
            endedElsewhere = endedElsewhere || (dropped && !removedHere.contains(user))
        }
        if endedElsewhere { sessionEnded() }
        return saved
    }

    /// Takes `onFile`, `user`'s session as the file holds it now, into memory when another client
    /// changed it (it differs from what this keeper last saw there); `nil` is a sign-out, which
    /// wins over a session of this keeper's not yet saved, and a session does not replace one.
    /// Returns whether that dropped a session memory held.
    @discardableResult
    private func take(_ onFile: CredentialFile.Tokens?, of user: User.ID) -> Bool {
        defer { seenOnFile[user] = onFile }
        guard onFile != seenOnFile[user] else { return false }
        let mine = contents.sessions[user]
        guard mine == nil || mine == seenOnFile[user] || onFile == nil else { return false }
        if let onFile { contents.sessions[user] = onFile } else { Self.drop(user, from: &contents) }
        return mine != nil && onFile == nil
    }

    /// The access token for `user`; another client of the same file may have signed them in since
    /// this one loaded it.
    func accessToken(for user: User.ID) async throws(HTTPFailure) -> String {
        if let tokens = contents.sessions[user] { return tokens.accessToken }
        reloadSession(of: user)
        if let tokens = contents.sessions[user] { return tokens.accessToken }
        guard let missingSession else { throw .notSignedIn(user: user.rawValue) }
        let start =
            starts[user]
            ?? Task {
                await missingSession(user).map { CredentialFile.Tokens(accessToken: $0, refreshToken: $1) }
            }
        starts[user] = start
        let started = await start.value
        if starts[user] == start {
            starts[user] = nil
            // A session adopted meanwhile (a sign-in) is newer than the one supplied.
            if let started, contents.sessions[user] == nil { save(user, started) }
        }
        guard let tokens = contents.sessions[user] else { throw .notSignedIn(user: user.rawValue) }
        return tokens.accessToken
    }

    /// Takes `user`'s session from the file when another client changed it there (wrote a newer
    /// one, or signed the user out): when it differs from what this keeper last saw on the file.
    /// A session that is only in memory (its save failed) is not replaced by the older one the
    /// file still holds, whose refresh token the backend has already used. Without a file there
    /// is no other client. A session found gone there ended elsewhere: `sessionEnded` says so.
    private func reloadSession(of user: User.ID) {
        guard file.url != nil, let loaded = try? file.load() else { return }
        if take(loaded.sessions[user], of: user) { sessionEnded() }
    }

    private static func drop(_ user: User.ID, from contents: inout CredentialFile.Contents) {
        contents.sessions[user] = nil
        if contents.currentUser == user { contents.currentUser = nil }
    }

    private func save(_ user: User.ID, _ tokens: CredentialFile.Tokens) {
        // A failed save keeps the change in memory; the next one saves again.
        contents.sessions[user] = tokens
        _ = try? write { $0.sessions[user] = tokens }
    }

    /// A token to replay with after `rejected` got a 401: the one another caller or client already
    /// renewed, the one a running renewal brings, or a new one from a renewal started now.
    func renew(
        _ user: User.ID, rejected: String, sendingThrough send: @escaping HTTPHandler
    ) async throws(HTTPFailure) -> String {
        if renewals[user] == nil { reloadSession(of: user) }
        guard let current = contents.sessions[user] else { throw .notSignedIn(user: user.rawValue) }
        if current.accessToken != rejected { return current.accessToken }
        let renewal: Task<Result<CredentialFile.Tokens, HTTPFailure>, Never>
        if let running = renewals[user] {
            renewal = running
        } else {
            renewal = Task { await renewUnderLock(current, of: user, sendingThrough: send) }
            renewals[user] = renewal
        }
        switch await renewal.value {
        case .success:
            // What memory holds now, the renewal or newer: work that ran on this actor since the
            // renewal ended (a sign-out, a save taking in another client's) comes after it.
            guard let now = contents.sessions[user] else { throw .notSignedIn(user: user.rawValue) }
            return now.accessToken
        case .failure(.status(let code, let body, _)) where Self.refusals.contains(code):
            // The call that needed the session fails as not signed in, whatever the refusal's
            // status: a 400 or 403 there is about the refresh token, not the call's input or rights
            // (a sender would take it for a refusal of its command, and drop the command).
            throw .status(401, error: body, retryAfter: nil)
        case .failure(let failure):
            throw failure
        }
    }

    /// Renews `current`, `user`'s session, once for this keeper's callers and, through the file's
    /// renewal lock, for every client of the file: one that renewed it while this one waited has
    /// saved its session by then, which is taken instead of refreshing again with the spent token;
    /// one whose renewal outlasts the wait makes this one fail `timedOut` without refreshing.
    /// The answer is applied, under the lock, only to the session it renewed: a sign-in or
    /// sign-out made while the refresh was on its way is newer than its answer.
    private func renewUnderLock(
        _ current: CredentialFile.Tokens, of user: User.ID, sendingThrough send: @escaping HTTPHandler
    ) async -> Result<CredentialFile.Tokens, HTTPFailure> {
        let turn = await file.lockRenewals(of: user, within: renewalWait, on: clock) {
            [diagnostics, renewalWait] in
            diagnostics?(
                "session: waiting for another client's renewal of user \(user.rawValue)'s session"
                    + " (\(renewalWait) at most)")
        }
        defer {
            renewals[user] = nil
            withExtendedLifetime(turn) {}
        }
        reloadSession(of: user)
        guard contents.sessions[user] == current else {
            // Renewed or ended by another client while this one waited (the reload said so), or
            // signed in or out here.
            guard let newer = contents.sessions[user] else { return .failure(.notSignedIn(user: user.rawValue)) }
            return .success(newer)
        }
        guard case .taken = turn else {
            // Another client's renewal is still on its way (its process stopped mid-refresh?):
            // the refresh token may be spent already, so it is not sent again.
            return .failure(.timedOut(after: renewalWait))
        }
        refreshes += 1
        let result = await Self.refresh(current.refreshToken, send: send)
        switch result {
        case .success(let tokens) where contents.sessions[user] == current:
            keepRenewal(tokens, of: current, for: user)
        case .success:
            // Signed in or out here while the refresh was on its way: that is newer than its answer.
            break
        case .failure(.status(let code, _, _)) where Self.refusals.contains(code):
            // The backend refused the refresh: the session is over; signing in starts another. One
            // signed in meanwhile (here, or by another client) is newer than the one refused.
            endSession(current, of: user)
            return contents.sessions[user].map { .success($0) } ?? result
        case .failure:
            // Offline, timed out, cancelled: the session may still be good; keep it.
            return result
        }
        // Replayed with the session kept now: the renewal, a newer one signed in meanwhile (here or
        // by another client), or none after a sign-out, which holds.
        return contents.sessions[user].map { .success($0) } ?? .failure(.notSignedIn(user: user.rawValue))
    }

    /// Keeps `tokens`, the renewal of `current`, as `user`'s session, on the file too unless another
    /// client changed that session there while the refresh was on its way: its sign-out holds (and
    /// `sessionEnded` says so), and a session it signed in is newer. A failed save keeps
    /// `tokens` in memory, the refresh token they replace being spent; the next save writes them.
    private func keepRenewal(_ tokens: CredentialFile.Tokens, of current: CredentialFile.Tokens, for user: User.ID) {
        let onFile: CredentialFile.Tokens?
        do {
            onFile = try write { saved in
                if saved.sessions[user] == current { saved.sessions[user] = tokens }
            }.sessions[user]
        } catch {
            contents.sessions[user] = tokens
            return
        }
        // `current` is spent: memory follows the file even where it held a session not saved yet
        // (`current` itself, after a failed save), which `write` keeps.
        guard contents.sessions[user] != onFile else { return }
        if let onFile {
            contents.sessions[user] = onFile
        } else {
            Self.drop(user, from: &contents)
            sessionEnded()
        }
    }

    /// The statuses of a refresh the backend refused, as opposed to one that did not get through.
    private static let refusals: Set<Int> = [400, 401, 403]

    /// Forgets `user`'s session `ended`, which the backend refused to renew, and that they are the
    /// current user, then says so; a newer session (a sign-in meanwhile, here or in another
    /// client of the file) is kept, and then nothing ended. A failed save keeps the change in
    /// memory; the next save removes it from the file too.
    private func endSession(_ ended: CredentialFile.Tokens, of user: User.ID) {
        guard contents.sessions[user] == ended else { return }
        Self.drop(user, from: &contents)
        if let saved = try? write({ saved in if saved.sessions[user] == ended { Self.drop(user, from: &saved) } }) {
            contents.currentUser = saved.currentUser
        }
        if contents.sessions[user] == nil { sessionEnded() }
    }

    private static func refresh(_ refreshToken: String, send: @escaping HTTPHandler) async -> Result<
        CredentialFile.Tokens, HTTPFailure
    > {
        do throws(HTTPFailure) {
            let session = try await Operations.RefreshSession(refreshToken: refreshToken).send(through: send)
            return .success(.init(accessToken: session.accessToken, refreshToken: session.refreshToken))
        } catch {
            return .failure(error)
        }
    }
}
