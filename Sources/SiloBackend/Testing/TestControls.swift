import Foundation
import IntegrationSupport
import Models

/// What `--test-controls` turns on: injected faults, a count of every request the backend saw,
/// held requests, the server's clock and a view of its connections, and the `Silo-Test-Now`
/// header. Never on in a real deployment.
///
/// Every control a test waits on answers when the thing has happened (`GET /_test/held?count=2`
/// returns once two requests are held), so tests wait on events, not on time.
actor TestControls {
    private let clock: ServerClock
    private let status: ServerStatus
    private let crashSwitch: CrashSwitch?
    private var rules: [FaultRule] = []
    private var counts: [String: Int] = [:]
    private var held: [CheckedContinuation<Void, Never>] = []
    private var heldWaiters = CountWaiters()

    init(clock: ServerClock, status: ServerStatus, crashSwitch: CrashSwitch?) {
        self.clock = clock
        self.status = status
        self.crashSwitch = crashSwitch
        status.startPublishing()
    }

    /// Counts a request under `"METHOD /path"`.
    func count(_ request: ServerRequest) {
        counts["\(request.method) \(request.path)", default: 0] += 1
    }

    /// The first rule that applies to the request, used up by one when it has a count.
    func fault(for request: ServerRequest, route: Route?) -> FaultRule? {
        guard
            let index = rules.firstIndex(where: { $0.applies(method: request.method, path: request.path, route: route) }
            )
        else { return nil }
        let rule = rules[index]
        if let times = rule.times {
            if times <= 1 { rules.remove(at: index) } else { rules[index].times = times - 1 }
        }
        return rule
    }

    /// Holds the calling request until `POST /_test/release`.
    func hold() async {
        await withCheckedContinuation { continuation in
            held.append(continuation)
            heldWaiters.resume(reached: held.count)
        }
    }

    /// The routes under `/_test/`; see Docs/HTTPBackendAPI.md, "Test controls".
    func handle(_ request: ServerRequest, state: BackendState, postLog: PostChangeLog) async -> ServerResponse {
        switch (request.method, request.path) {
        case ("POST", "/_test/expire-tokens"):
            await state.expireAccessTokens()
            return .empty(204)
        case ("POST", "/_test/faults"):
            do {
                rules.append(try WireCoding.decode(FaultRule.self, from: request))
                return .empty(204)
            } catch {
                return error.response
            }
        case ("DELETE", "/_test/faults"):
            rules.removeAll()
            return .empty(204)
        case ("GET", "/_test/requests"):
            return .json(200, WireCoding.encode(counts))
        case ("DELETE", "/_test/requests"):
            counts.removeAll()
            return .empty(204)
        case ("GET", "/_test/held"):
            return await heldCount(request)
        case ("GET", "/_test/long-polls"):
            // Answers once at least `count` change-feed reads are waiting for a change, or fewer
            // than `fewer_than` are.
            if let bound = request.queryValue("fewer_than").flatMap(Int.init) {
                await postLog.waitForWaitingReads(.fewerThan(bound))
            } else {
                await postLog.waitForWaitingReads(request.queryValue("count").flatMap(Int.init) ?? 0)
            }
            return .json(200, WireCoding.encode(["waiting": await postLog.waitingReads]))
        case ("POST", "/_test/release"):
            let released = held
            held.removeAll()
            for continuation in released { continuation.resume() }
            return .json(200, WireCoding.encode(["released": released.count]))
        case ("POST", "/_test/clock"):
            return advanceClock(request)
        case ("POST", "/_test/crash"):
            return armCrash(request)
        case ("POST", "/_test/sessions"):
            return await startSession(request, state: state)
        case ("GET", "/_test/connections"):
            // The loop publishes after each turn; this request's own connection is among them.
            return .json(200, WireCoding.encode(["connections": status.snapshot]))
        default:
            return .error(status: 404, code: .notFound, message: "no test control at \(request.method) \(request.path)")
        }
    }

    /// `GET /_test/held?count=n`: answers once at least `n` requests are held (at once for no `n`).
    private func heldCount(_ request: ServerRequest) async -> ServerResponse {
        let wanted = request.queryValue("count").flatMap(Int.init) ?? 0
        if held.count < wanted {
            await withCheckedContinuation { heldWaiters.add(wanted, $0) }
        }
        return .json(200, WireCoding.encode(["held": held.count]))
    }

    /// `POST /_test/sessions {"user_id": id}`: a session for any user id, with no password and no
    /// account (the contract tests act for owners that are only ids).
    private func startSession(_ request: ServerRequest, state: BackendState) async -> ServerResponse {
        struct Wanted: Decodable {
            var userID: String
            enum CodingKeys: String, CodingKey { case userID = "user_id" }
        }
        let user: String
        do throws(APIFailure) {
            let wanted = try WireCoding.decode(Wanted.self, from: request)
            user = try APIFailure.validating { () throws(ValidationError) in
                try IdentifierRules.validated(wanted.userID, field: "user_id")
            }
        } catch {
            return error.response
        }
        do {
            return .json(201, WireCoding.encode(try await state.startSession(for: User.ID(user))))
        } catch {
            return APIFailure(error).response
        }
    }

    /// `POST /_test/crash`, or `POST /_test/crash {"passing": n}`: the process dies at the next
    /// durable write (a store commit, a state journal write), or lets `n` through first.
    private func armCrash(_ request: ServerRequest) -> ServerResponse {
        struct Arm: Decodable {
            var passing: Int?
        }
        guard let crashSwitch else {
            return APIFailure(409, .conflict, "a crash needs the sqlite store (--store sqlite)").response
        }
        do {
            let passing = request.body.isEmpty ? 0 : try WireCoding.decode(Arm.self, from: request).passing ?? 0
            guard passing >= 0 else {
                return APIFailure(422, .invalidInput, "passing must not be negative", field: "passing").response
            }
            crashSwitch.arm(passing: passing)
            return .empty(204)
        } catch {
            return error.response
        }
    }

    /// `POST /_test/clock {"advance_ms": n}`: moves a manual server clock (`--manual-clock`).
    private func advanceClock(_ request: ServerRequest) -> ServerResponse {
        struct Advance: Decodable {
            var advanceMilliseconds: Int
            enum CodingKeys: String, CodingKey { case advanceMilliseconds = "advance_ms" }
        }
        guard clock.movesOnlyWhenTold else {
            return APIFailure(409, .conflict, "the server's clock is the system's: start it with --manual-clock")
                .response
        }
        do {
            let advance = try WireCoding.decode(Advance.self, from: request)
            guard advance.advanceMilliseconds >= 0 else {
                return APIFailure(422, .invalidInput, "advance_ms must not be negative", field: "advance_ms").response
            }
            clock.advance(by: .milliseconds(advance.advanceMilliseconds))
            return .empty(204)
        } catch {
            return error.response
        }
    }
}
