import BackendAPI
import Foundation
import HTTPSupport
import Models
import Services
import TestSupport
import Testing

@testable import HTTPBackendIntegration

/// The keeper of the sessions on a device and its credentials file, shared by the clients of
/// one device: a session renewed by one client is taken by the others, and a session whose save
/// failed is never replaced by the older one the file still holds. The older one's refresh token
/// is spent: refreshing with it makes the backend end the session everywhere.
///
/// A stand-in answers the refreshes: `ann-refresh-0` renews to `ann-access-1` and `ann-refresh-1`.
@Suite("HTTP backend: the session keeper and its credentials file")
struct SessionKeeperTests {
    @Test("a session another client renewed is taken after this client saved another user's, not refreshed again")
    func otherClientsRenewalTaken() async throws {
        let (directory, first, second) = try await Self.twoClients()
        defer { withExtendedLifetime(directory) {} }
        let server = RefreshStandIn()

        // Given ann's session renewed by the second client, then bob's by the first
        _ = try await second.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler)
        _ = try await first.renew("bob", rejected: "bob-access-0", sendingThrough: server.handler)

        // When the first client meets a 401 with ann's old access token
        let token = try await first.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler)

        // Then it replays with the session the second client made, and refreshes nothing
        #expect(token == "ann-access-1")
        #expect(server.refreshTokens == ["ann-refresh-0", "bob-refresh-0"])
    }

    @Test(
        "a sign-out by another client holds: this client neither writes the session back nor refreshes it, and says once it ended"
    )
    func otherClientsSignOutHolds() async throws {
        let ended = (AwaitableState(0), AwaitableState(0))
        let (directory, first, second) = try await Self.twoClients(ended: ended)
        let file = CredentialFile(url: directory.file(named: "credentials.json"))
        let server = RefreshStandIn()

        // Given ann signed out by the second client, then two saves by the first
        try await second.forget("ann")
        _ = try await first.renew("bob", rejected: "bob-access-0", sendingThrough: server.handler)
        try await first.adopt(Self.session("cyd", 0), isCurrent: false)

        // When the first client meets a 401 with ann's token
        await #expect(throws: HTTPFailure.self) {
            _ = try await first.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler)
        }

        // Then ann is not back on the file, and no refresh was sent for her; the first client
        // said once that her session ended (at its first save), the second, which signed her out, did not
        #expect(try file.load().sessions["ann"] == nil)
        #expect(await first.currentUser == nil)
        #expect(server.refreshTokens == ["bob-refresh-0"])
        #expect(ended.0.current == 1)
        #expect(ended.1.current == 0)
    }

    @Test("a session another client ended is found gone at this client's next 401, and this client says it ended")
    func otherClientsSignOutSeenAtTheNext401() async throws {
        let ended = (AwaitableState(0), AwaitableState(0))
        let (directory, first, second) = try await Self.twoClients(ended: ended)
        defer { withExtendedLifetime(directory) {} }
        let server = RefreshStandIn()

        // Given ann signed out by the second client
        try await second.forget("ann")

        // When the first client meets a 401 with ann's token
        await #expect(throws: HTTPFailure.notSignedIn(user: "ann")) {
            _ = try await first.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler)
        }

        // Then it sent no refresh, has no current user, and said once that ann's session ended
        #expect(server.refreshTokens.isEmpty)
        #expect(await first.currentUser == nil)
        #expect(ended.0.current == 1)
        #expect(ended.1.current == 0)
    }

    @Test("two clients meeting a 401 together send one refresh: the second waits for the first's renewal and takes it")
    func concurrentRenewalsSendOne() async throws {
        // Given the first client's refresh on its way, and the second client meeting the same 401
        let race = try await RacingRenewals.start()

        // When the first one's answer comes
        race.server.answer()

        // Then both replay with the first client's renewed session, and one refresh was sent
        #expect(try await race.tokens() == ["ann-access-1", "ann-access-1"])
        #expect(race.server.refreshTokens == ["ann-refresh-0"])
    }

    @Test("each user's session renews on its own: a client renewing bob's does not wait for another renewing ann's")
    func renewalsOfTwoUsersDoNotWait() async throws {
        // Given the first client's refresh of ann's session on its way, and the second client
        // meeting a 401 on bob's
        let race = try await RacingRenewals.start(secondUser: "bob")

        // When the answers come
        race.server.answer()

        // Then the second client sent bob's refresh without waiting, and both renewed
        #expect(race.waited.current == false)
        #expect(try await race.tokens() == ["ann-access-1", "bob-access-1"])
        #expect(Set(race.server.refreshTokens) == ["ann-refresh-0", "bob-refresh-0"])
    }

    @Test("a refresh the backend refuses while another client waits for it signs the user out there too, and says so")
    func refusalSeenByTheWaitingClient() async throws {
        // Given the first client's refresh on its way, and the second client meeting the same 401
        let race = try await RacingRenewals.start(refusing: true)

        // When the backend refuses the refresh
        race.server.answer()

        // Then both calls fail, the second client has no session for ann and said so, and sent nothing
        await #expect(throws: HTTPFailure.self) { _ = try await race.value(of: race.first) }
        await #expect(throws: HTTPFailure.self) { _ = try await race.value(of: race.second) }
        #expect(await race.secondClient.currentUser == nil)
        #expect(race.ended.current == 1)
        #expect(race.server.refreshTokens == ["ann-refresh-0"])
    }

    @Test("a client whose wait outlasts another client's renewal fails timed out, and does not send the token again")
    func outwaitedRenewalSendsNothing() async throws {
        // Given the first client's refresh on its way, and the second client meeting the same 401
        let race = try await RacingRenewals.start()

        // When the second client's wait passes before the first one's answer comes
        try await race.clock.waitForSleepers(1)
        race.clock.advance(by: RacingRenewals.wait)

        // Then the second call fails timed out, having sent nothing; the first one renews
        await #expect(throws: HTTPFailure.timedOut(after: RacingRenewals.wait)) {
            _ = try await race.value(of: race.second)
        }
        race.server.answer()
        #expect(try await race.value(of: race.first) == "ann-access-1")
        #expect(race.server.refreshTokens == ["ann-refresh-0"])
    }

    @Test(
        "a sign-out while a refresh is on its way holds: the call fails signed out, and the renewal is not saved over it",
        arguments: [true, false])
    func signOutDuringRenewalHolds(byAnotherClient: Bool) async throws {
        let ended = (AwaitableState(0), AwaitableState(0))
        let (directory, first, second) = try await Self.twoClients(ended: ended)
        let file = CredentialFile(url: directory.file(named: "credentials.json"))
        let server = RefreshStandIn(holdingAnswers: true)

        // Given the first client's refresh of ann's session on its way
        let renewal = Task { try await first.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler) }
        try await server.waitForRefreshes(1)

        // When ann signs out, in another client or in this one, then the refresh's answer comes
        try await (byAnotherClient ? second : first).forget("ann")
        server.answer()

        // Then the call fails signed out, ann is not back on the file or here, and the first
        // client said her session ended when another client ended it
        await #expect(throws: HTTPFailure.notSignedIn(user: "ann")) {
            _ = try await HangGuard.run("the renewal to end") { try await renewal.value }
        }
        #expect(try file.load().sessions["ann"] == nil)
        await #expect(throws: HTTPFailure.notSignedIn(user: "ann")) { _ = try await first.accessToken(for: "ann") }
        #expect(ended.0.current == (byAnotherClient ? 1 : 0))
        #expect(ended.1.current == 0)
    }

    @Test("the integration's clients wait twice the attempt timeout for another's renewal, on its clock")
    func integrationsRenewalWait() throws {
        let clock = ManualClock()
        var configuration = HTTPBackendIntegration.Configuration(
            baseURL: try #require(URL(string: "http://127.0.0.1:9")), attemptTimeout: .seconds(3))
        configuration.clock = clock

        let integration = HTTPBackendIntegration(configuration: configuration)

        // One refresh attempt (a POST is not retried), then its save
        #expect(integration.sessions.renewalWait == .seconds(6))
        #expect(integration.sessions.clock as? ManualClock === clock)
    }

    @Test("a credentials file that cannot be read fails unavailable, naming it: its sessions may be fine")
    func unreadableFile() throws {
        let directory = try TemporaryDirectory(prefix: "keeper")
        let url = directory.file(named: "credentials.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)

        let error = #expect(throws: ServiceError.self) { try CredentialFile(url: url).load() }

        guard case .unavailable(let reason, nil)? = error else {
            Issue.record("\(String(describing: error)) is not .unavailable")
            return
        }
        #expect(reason.hasPrefix("cannot read \(url.path) ("), "\(reason)")
        #expect(reason.hasSuffix("check that it is a readable file"), "\(reason)")
    }

    @Test(
        "a session whose save failed is written by the next save (a sign-in, or its renewal); calls use the newest",
        .requires(ScratchFileSystem.isAvailable, "needs root and a tmpfs mount"))
    func unsavedSessionWrittenLater() async throws {
        let (disk, file, keeper) = try await Self.onScratchDisk()
        let server = RefreshStandIn()

        // Given ann's session renewed while the disk was read-only, then another user signed in
        try disk.setReadOnly(true)
        _ = try await keeper.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler)
        try disk.setReadOnly(false)
        try await keeper.adopt(Self.session("bob", 0), isCurrent: false)
        let afterSignIn = try file.load().sessions["ann"]?.accessToken

        // When ann's session is renewed again while the disk is read-only, then once more with it writable
        try disk.setReadOnly(true)
        _ = try await keeper.renew("ann", rejected: "ann-access-1", sendingThrough: server.handler)
        try disk.setReadOnly(false)
        let token = try await keeper.renew("ann", rejected: "ann-access-2", sendingThrough: server.handler)

        // Then the sign-in's save wrote the first renewal, the last renewal's save wrote its own,
        // each refresh sent the newest token, and the next call uses the newest session
        #expect(afterSignIn == "ann-access-1")
        #expect(token == "ann-access-3")
        #expect(server.refreshTokens == ["ann-refresh-0", "ann-refresh-1", "ann-refresh-2"])
        #expect(try file.load().sessions["ann"]?.accessToken == "ann-access-3")
        #expect(try await keeper.accessToken(for: "ann") == "ann-access-3")
    }

    @Test(
        "a sign-out by another client wins over a renewal this client could not save: nothing is sent; it says so",
        .requires(ScratchFileSystem.isAvailable, "needs root and a tmpfs mount"))
    func signOutWinsOverUnsavedRenewal() async throws {
        let ended = AwaitableState(0)
        let (disk, file, first) = try await Self.onScratchDisk(ended: ended)
        let second = SessionKeeper(file: file)
        try await second.load()
        let server = RefreshStandIn()

        // Given ann's session renewed by the first client while the disk was read-only, then ann
        // signed out by the second
        try disk.setReadOnly(true)
        _ = try await first.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler)
        try disk.setReadOnly(false)
        try await second.forget("ann")

        // When the first client meets a 401 with its renewed session
        await #expect(throws: HTTPFailure.notSignedIn(user: "ann")) {
            _ = try await first.renew("ann", rejected: "ann-access-1", sendingThrough: server.handler)
        }

        // Then it sent no refresh, ann stays signed out on the file, and it said her session ended
        #expect(server.refreshTokens == ["ann-refresh-0"])
        #expect(try file.load().sessions["ann"] == nil)
        #expect(ended.current == 1)
    }

    @Test(
        "a session refused while the disk was read-only is taken off the file by the next save that succeeds",
        .requires(ScratchFileSystem.isAvailable, "needs root and a tmpfs mount"))
    func refusedSessionRemovedByTheNextSave() async throws {
        let (disk, file, keeper) = try await Self.onScratchDisk()
        let server = RefreshStandIn(refusing: true)

        // Given ann's renewal refused while the disk was read-only: she is signed out here only
        try disk.setReadOnly(true)
        await #expect(throws: HTTPFailure.self) {
            _ = try await keeper.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler)
        }
        try disk.setReadOnly(false)
        let beforeSave = try file.load()

        // When another user signs in on the device
        try await keeper.adopt(Self.session("bob", 0), isCurrent: false)

        // Then that save took ann's refused session off the file, and nobody is the current user
        #expect(beforeSave.sessions["ann"] != nil)
        #expect(try file.load().sessions["ann"] == nil)
        #expect(try file.load().currentUser == nil)
    }

    @Test("a refresh refused after another client signed the user in again keeps that session, and the call replays")
    func refusalAfterAnotherClientsSignIn() async throws {
        let ended = (AwaitableState(0), AwaitableState(0))
        let (directory, first, second) = try await Self.twoClients(ended: ended)
        let file = CredentialFile(url: directory.file(named: "credentials.json"))
        let server = RefreshStandIn(holdingAnswers: true, refusing: true)

        // Given the first client's refresh of ann's session on its way
        let renewal = Task { try await first.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler) }
        try await server.waitForRefreshes(1)

        // When the second client signs ann in again, then the backend refuses the refresh
        try await second.adopt(Self.session("ann", 5), isCurrent: true)
        server.answer()

        // Then the first client replays with the new session, ann is its current user, and nothing
        // was said to end
        #expect(try await HangGuard.run("the renewal to end") { try await renewal.value } == "ann-access-5")
        #expect(await first.currentUser == "ann")
        #expect(try file.load().sessions["ann"]?.accessToken == "ann-access-5")
        #expect(ended.0.current == 0)
    }

    @Test("signing out here a session another client already ended is not reported as ended elsewhere")
    func ownSignOutAfterAnotherClientsIsNotReported() async throws {
        let ended = (AwaitableState(0), AwaitableState(0))
        let (directory, first, second) = try await Self.twoClients(ended: ended)
        defer { withExtendedLifetime(directory) {} }

        // When the second client signs ann out, then the first one does
        try await second.forget("ann")
        try await first.forget("ann")

        // Then neither said a session ended elsewhere, and nobody is the first client's current user
        #expect(ended.0.current == 0)
        #expect(ended.1.current == 0)
        #expect(await first.currentUser == nil)
    }

    /// A keeper of a credentials file on a small disk of its own, which a test can make read-only,
    /// with ann signed in (the current user); it counts in `ended` the sessions it said ended.
    static func onScratchDisk(
        ended: AwaitableState<Int> = AwaitableState(0)
    ) async throws -> (ScratchFileSystem, CredentialFile, SessionKeeper) {
        let disk = try ScratchFileSystem(byteCount: 256 << 10)
        let file = CredentialFile(url: disk.url.appendingPathComponent("credentials.json"))
        let keeper = SessionKeeper(file: file, sessionEnded: { ended.update { $0 += 1 } })
        try await keeper.adopt(session("ann", 0), isCurrent: true)
        return (disk, file, keeper)
    }

    /// Two keepers of one credentials file in a new directory: the first signed ann (the current
    /// user) and bob in, then the second loaded the file. Each counts in `ended` the sessions it
    /// said ended.
    static func twoClients(
        ended: (AwaitableState<Int>, AwaitableState<Int>) = (AwaitableState(0), AwaitableState(0))
    ) async throws -> (TemporaryDirectory, SessionKeeper, SessionKeeper) {
        let directory = try TemporaryDirectory(prefix: "keeper")
        let file = CredentialFile(url: directory.file(named: "credentials.json"))
        let (first, second) = (
            SessionKeeper(file: file, sessionEnded: { ended.0.update { $0 += 1 } }),
            SessionKeeper(file: file, sessionEnded: { ended.1.update { $0 += 1 } })
        )
        try await first.adopt(session("ann", 0), isCurrent: true)
        try await first.adopt(session("bob", 0), isCurrent: false)
        try await second.load()
        return (directory, first, second)
    }

    /// `user`'s session number `generation`.
    static func session(_ user: String, _ generation: Int) -> Schemas.Session {
        Schemas.Session(
            userID: user, accessToken: "\(user)-access-\(generation)", refreshToken: "\(user)-refresh-\(generation)",
            expiresIn: 900)
    }
}

/// Two clients of one credentials file that met a 401 on ann's session together: the first one's
/// refresh on its way, its answer held by `server`, and the second one waiting for that renewal
/// (or, were the file's renewal lock gone, sending a refresh of its own). The second waits on
/// `clock`, which only the test moves.
struct RacingRenewals {
    /// How long the second client waits for the first one's renewal.
    static let wait = Duration.seconds(20)

    let directory: TemporaryDirectory
    let server: RefreshStandIn
    let clock: ManualClock
    let secondClient: SessionKeeper
    /// How many times the second client said a session ended.
    let ended: AwaitableState<Int>
    /// Whether the second client waited for the first one's renewal.
    let waited: AwaitableState<Bool>
    let first: Task<String, any Error>
    let second: Task<String, any Error>

    /// Starts both renewals, the second of `secondUser`'s session, and returns once the second
    /// waits for the first (or sent its own refresh).
    static func start(refusing: Bool = false, secondUser: User.ID = "ann") async throws -> RacingRenewals {
        let directory = try TemporaryDirectory(prefix: "keeper")
        let (clock, ended, waiting) = (ManualClock(), AwaitableState(0), AwaitableState(false))
        let file = CredentialFile(url: directory.file(named: "credentials.json"))
        let firstClient = SessionKeeper(file: file, clock: clock, renewalWait: wait)
        let secondClient = SessionKeeper(
            file: file, clock: clock, renewalWait: wait, diagnostics: { _ in waiting.update { $0 = true } },
            sessionEnded: { ended.update { $0 += 1 } })
        try await firstClient.adopt(SessionKeeperTests.session("ann", 0), isCurrent: true)
        try await firstClient.adopt(SessionKeeperTests.session("bob", 0), isCurrent: false)
        try await secondClient.load()
        let server = RefreshStandIn(holdingAnswers: true, refusing: refusing)
        let first = Task {
            try await firstClient.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler)
        }
        try await server.waitForRefreshes(1)
        let second = Task {
            try await secondClient.renew(
                secondUser, rejected: "\(secondUser.rawValue)-access-0", sendingThrough: server.handler)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await HangGuard.run("the second client waiting") { _ = try await waiting.wait { $0 } } }
            group.addTask { try await server.waitForRefreshes(2) }
            try await group.next()
            group.cancelAll()
        }
        return RacingRenewals(
            directory: directory, server: server, clock: clock, secondClient: secondClient, ended: ended,
            waited: waiting, first: first, second: second)
    }

    /// The tokens both renewals replay with.
    func tokens() async throws -> [String] {
        [try await value(of: first), try await value(of: second)]
    }

    /// The token `renewal` replays with, once it has ended.
    func value(of renewal: Task<String, any Error>) async throws -> String {
        try await HangGuard.run("a renewal to end") { try await renewal.value }
    }
}

/// Answers `POST /v1/sessions/refresh` for `<user>-refresh-<n>` with that user's session `n + 1`
/// (or, when `refusing`, with 401), and keeps the refresh tokens it was sent, in order; when
/// `holdingAnswers`, it answers only once `answer()` is called.
final class RefreshStandIn: Sendable {
    private let sent = AwaitableState<[String]>([])
    private let answering: AwaitableState<Bool>
    private let refusing: Bool

    /// A stand-in that answers at once, or, when `holdingAnswers`, once `answer()` is called; that
    /// refuses every refresh when `refusing`.
    init(holdingAnswers: Bool = false, refusing: Bool = false) {
        answering = AwaitableState(!holdingAnswers)
        self.refusing = refusing
    }

    /// The refresh tokens sent so far.
    var refreshTokens: [String] { sent.current }

    /// Returns once `count` refreshes were sent.
    func waitForRefreshes(_ count: Int) async throws {
        try await HangGuard.run("\(count) refreshes sent to the stand-in") { [sent] in
            _ = try await sent.wait { $0.count >= count }
        }
    }

    /// Answers the refreshes held so far, and every later one at once.
    func answer() {
        answering.update { $0 = true }
    }

    /// The handler a keeper sends its refreshes through.
    var handler: HTTPHandler {
        { [sent, answering, refusing] request throws(HTTPFailure) in
            let body = try? JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String]
            let token = body?["refresh_token"] ?? ""
            sent.update { $0.append(token) }
            _ = try? await answering.wait { $0 }
            let parts = token.split(separator: "-")
            guard !refusing, parts.count == 3, let generation = Int(parts[2]) else {
                return HTTPResponse(status: 401, headers: [:], body: Data(#"{"code":"unauthorized"}"#.utf8))
            }
            let session = SessionKeeperTests.session(String(parts[0]), generation + 1)
            let encoded = (try? JSONEncoder().encode(session)) ?? Data()
            return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: encoded)
        }
    }
}
