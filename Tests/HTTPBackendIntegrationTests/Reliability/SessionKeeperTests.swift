import BackendAPI
import Foundation
import HTTPSupport
import Models
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

    @Test("a sign-out by another client holds: this client neither writes the session back nor refreshes it")
    func otherClientsSignOutHolds() async throws {
        let (directory, first, second) = try await Self.twoClients()
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

        // Then ann is not back on the file, and no refresh was sent for her
        #expect(try file.load().sessions["ann"] == nil)
        #expect(await first.currentUser == nil)
        #expect(server.refreshTokens == ["bob-refresh-0"])
    }

    @Test("two clients meeting a 401 together send one refresh: the second waits for the first's renewal and takes it")
    func concurrentRenewalsSendOne() async throws {
        let directory = try TemporaryDirectory(prefix: "keeper")
        let waiting = AwaitableState(false)
        var file = CredentialFile(url: directory.file(named: "credentials.json"))
        file.renewalWaits = { waiting.update { $0 = true } }
        let (first, second) = (SessionKeeper(file: file), SessionKeeper(file: file))
        try await first.adopt(Self.session("ann", 0), isCurrent: true)
        try await second.load()
        let server = RefreshStandIn(holdingAnswers: true)

        // Given the first client's refresh on its way, its answer held
        async let firstToken = first.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler)
        try await server.waitForRefreshes(1)

        // When the second client meets the same 401, and waits for the first (or sends its own)
        async let secondToken = second.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await waiting.wait { $0 } }
            group.addTask { try await server.waitForRefreshes(2) }
            try await group.next()
            group.cancelAll()
        }
        server.answer()

        // Then both replay with the first client's renewed session, and one refresh was sent
        #expect(try await [firstToken, secondToken] == ["ann-access-1", "ann-access-1"])
        #expect(server.refreshTokens == ["ann-refresh-0"])
    }

    @Test(
        "a session whose save failed is written by the next save that succeeds, and the older one is never taken back",
        .requires(ScratchFileSystem.isAvailable, "needs root and a tmpfs mount"))
    func unsavedSessionWrittenLater() async throws {
        let disk = try ScratchFileSystem(byteCount: 256 << 10)
        let file = CredentialFile(url: disk.url.appendingPathComponent("credentials.json"))
        let keeper = SessionKeeper(file: file)
        try await keeper.adopt(Self.session("ann", 0), isCurrent: true)
        let server = RefreshStandIn()

        // Given ann's session renewed while the disk was read-only
        try disk.setReadOnly(true)
        _ = try await keeper.renew("ann", rejected: "ann-access-0", sendingThrough: server.handler)
        try disk.setReadOnly(false)

        // When another user signs in on the device, and ann's renewed session is rejected in turn
        try await keeper.adopt(Self.session("bob", 0), isCurrent: false)
        let onFile = try file.load().sessions["ann"]?.accessToken
        let token = try await keeper.renew("ann", rejected: "ann-access-1", sendingThrough: server.handler)

        // Then the sign-in's save wrote ann's renewed session too, and the refresh sent its token
        #expect(onFile == "ann-access-1")
        #expect(token == "ann-access-2")
        #expect(server.refreshTokens == ["ann-refresh-0", "ann-refresh-1"])
    }

    /// Two keepers of one credentials file in a new directory: the first signed ann (the current
    /// user) and bob in, then the second loaded the file.
    static func twoClients() async throws -> (TemporaryDirectory, SessionKeeper, SessionKeeper) {
        let directory = try TemporaryDirectory(prefix: "keeper")
        let file = CredentialFile(url: directory.file(named: "credentials.json"))
        let (first, second) = (SessionKeeper(file: file), SessionKeeper(file: file))
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

/// Answers `POST /v1/sessions/refresh` for `<user>-refresh-<n>` with that user's session `n + 1`,
/// and keeps the refresh tokens it was sent, in order; when `holdingAnswers`, it answers only once
/// `answer()` is called.
final class RefreshStandIn: Sendable {
    private let sent = AwaitableState<[String]>([])
    private let answering: AwaitableState<Bool>

    /// A stand-in that answers at once, or, when `holdingAnswers`, once `answer()` is called.
    init(holdingAnswers: Bool = false) {
        answering = AwaitableState(!holdingAnswers)
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
        { [sent, answering] request throws(HTTPFailure) in
            let body = try? JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String]
            let token = body?["refresh_token"] ?? ""
            sent.update { $0.append(token) }
            _ = try? await answering.wait { $0 }
            let parts = token.split(separator: "-")
            guard parts.count == 3, let generation = Int(parts[2]) else {
                return HTTPResponse(status: 401, headers: [:], body: Data(#"{"code":"unauthorized"}"#.utf8))
            }
            let session = SessionKeeperTests.session(String(parts[0]), generation + 1)
            let encoded = (try? JSONEncoder().encode(session)) ?? Data()
            return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: encoded)
        }
    }
}
