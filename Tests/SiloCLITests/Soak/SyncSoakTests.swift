// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Foundation
import TestSupport
import Testing

/// The sync contract across processes: two devices (two data directories running
/// `SILO_POSTS=offline-first`) and one backend with a SQLite store. A seeded random sequence of
/// publishes, deletes and syncs runs on both while the backend injects faults (a lost answer, a
/// 500 after the change was made, a 503, a 429 with `Retry-After`), restarts after a SIGKILL, and
/// a client is SIGKILLed while its publish is held at the server. Once the faults stop and both
/// devices sync, both and the server hold the same posts: every post a device acknowledged and
/// did not delete, nothing deleted, nothing twice, nothing left marked.
///
/// `swift test` runs seed 1 for 12 steps; `scripts/soak-sync` runs more seeds, longer
/// (`SOAK_SEED`, `SOAK_STEPS`).
@Suite("Sync soak")
struct SyncSoakTests {
    private static let password = "a soak password"

    /// The faults a step may inject before it runs, as fault rules (Docs/HTTPBackendAPI.md).
    private static let faults = [
        #"{"method": "POST", "path": "/v1/posts", "delivery": "dropped", "times": 1}"#,
        #"{"method": "POST", "path": "/v1/posts", "status": 500, "after_route": true, "times": 1}"#,
        #"{"method": "DELETE", "path": "/v1/posts/{post_id}", "delivery": "dropped", "times": 1}"#,
        #"{"method": "DELETE", "path": "/v1/posts/{post_id}", "status": 500, "after_route": true, "times": 1}"#,
        #"{"method": "GET", "path": "/v1/users/{user_id}/posts/changes", "status": 503, "times": 1}"#,
        #"{"method": "POST", "path": "/v1/posts", "status": 429, "retry_after": 1, "times": 1}"#,
    ]

    /// What the soak knows each device did.
    private struct Ledger {
        /// Post ids a device acknowledged (`silo post` printed them), with their text.
        var published: [String: String] = [:]
        /// Post ids a device acknowledged deleting.
        var deleted = Set<String>()
        var counts: [String: Int] = [:]
    }

    @Test(
        "two devices and a faulty backend end with the same posts: none lost, none doubled, none deleted kept",
        .requires(Defaults.integration(named: "offline-first") != nil, "needs the offline-first integration it soaks"))
    func converges() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["SOAK_SEED"].flatMap(UInt64.init) ?? 1
        let steps = environment["SOAK_STEPS"].flatMap(Int.init) ?? 12
        var random = SeededGenerator(seed: seed)
        let backend = try await SoakBackend()
        let devices = [try SoakDevice("A"), try SoakDevice("B")]
        let signedUp = try await devices[0].run(
            "sign-up", "soaker", "--password-stdin", backend: backend, input: Self.password)
        try #require(signedUp.status == 0, "\(signedUp)")
        let signedIn = try await devices[1].run(
            "sign-in", "soaker", "--password-stdin", backend: backend, input: Self.password)
        try #require(signedIn.status == 0, "\(signedIn)")

        var ledger = Ledger()
        for step in 0..<steps {
            let device = devices[Int.random(in: 0..<2, using: &random)]
            if Int.random(in: 0..<3, using: &random) == 0 {
                try await backend.inject(Self.faults[Int.random(in: 0..<Self.faults.count, using: &random)])
                ledger.counts["fault", default: 0] += 1
            }
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4: try await publish(on: device, step: step, seed: seed, backend: backend, ledger: &ledger)
            case 4..<6: try await deleteOne(on: device, backend: backend, random: &random, ledger: &ledger)
            case 6..<8:
                _ = try await device.run("sync", backend: backend)
                ledger.counts["sync", default: 0] += 1
            case 8:
                try await backend.restart()
                ledger.counts["restart", default: 0] += 1
            default:
                try await killMidSend(device, step: step, seed: seed, backend: backend, ledger: &ledger)
            }
        }

        try await backend.clearFaults()
        for _ in 0..<2 {
            for device in devices { _ = try await device.run("sync", backend: backend) }
        }
        for device in devices {
            let last = try await device.run("sync", backend: backend)
            #expect(last.status == 0, "device \(device.name) after the faults: \(last)")
        }
        try await expectConverged(devices, backend: backend, ledger: ledger, seed: seed)
        #expect(
            steps < 12 || (ledger.counts["kill"] != nil && ledger.counts["restart"] != nil),
            "seed \(seed) never killed a client or restarted the backend in \(steps) steps: \(ledger.counts)")
        print("sync soak: seed \(seed), \(steps) steps, \(ledger.counts.sorted { $0.key < $1.key })")
    }

    /// Publishes on `device` and returns the post's id, which the ledger keeps as acknowledged.
    @discardableResult
    private func publish(
        on device: SoakDevice, step: Int, seed: UInt64, backend: SoakBackend, ledger: inout Ledger
    ) async throws -> String {
        let text = "soak \(seed) step \(step) on \(device.name)"
        let outcome = try await device.run("post", text, backend: backend)
        try #require(
            outcome.status == 0 && outcome.standardOutput.hasPrefix("Published "),
            "a publish on device \(device.name) waits for no one: \(outcome)")
        let id = outcome.standardOutput.dropFirst("Published ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        ledger.published[id] = text
        ledger.counts["publish", default: 0] += 1
        return id
    }

    private func deleteOne(
        on device: SoakDevice, backend: SoakBackend, random: inout SeededGenerator, ledger: inout Ledger
    ) async throws {
        // One draw whatever the feed holds (which background syncs decide), so the seed alone
        // fixes every later step.
        let draw = Int(truncatingIfNeeded: random.next() >> 1)
        let shown = try await device.feed(backend: backend).ids.keys.sorted()
        guard !shown.isEmpty else { return }
        let id = shown[draw % shown.count]
        let outcome = try await device.run("delete", id, backend: backend)
        // A post this device showed is its to delete, unless its sync has since brought down the
        // other device's delete of it (the listing and the delete are two processes apart): then
        // it is "Not found", and the end state shows whether anything was really lost.
        let goneMeanwhile = outcome.status == 1 && outcome.standardError.contains("Not found: post \(id)")
        #expect(outcome.status == 0 || goneMeanwhile, "device \(device.name) could not delete \(id): \(outcome)")
        if outcome.status == 0 { ledger.deleted.insert(id) }
        ledger.counts["delete", default: 0] += 1
    }

    /// Publishes while the server refuses posts (so it waits in the outbox), then starts a sync,
    /// waits until the server holds its publish (made, not yet answered), SIGKILLs the client and
    /// lets the answer go nowhere.
    private func killMidSend(
        _ device: SoakDevice, step: Int, seed: UInt64, backend: SoakBackend, ledger: inout Ledger
    ) async throws {
        try await backend.clearFaults()
        try await backend.inject(#"{"method": "POST", "path": "/v1/posts", "status": 503}"#)
        let id = try await publish(on: device, step: step, seed: seed, backend: backend, ledger: &ledger)
        let waiting = try await device.run("integrations", backend: backend)
        #expect(
            waiting.status == 0 && waiting.standardOutput.contains(/Sync\n  [1-9][0-9]* change\(s\) wait to be sent/),
            "a send the server turned away waits, and says so: \(waiting)")
        #expect(try await device.feed(backend: backend).marked.contains(id), "the waiting post is not marked")
        try await backend.clearFaults()
        try await backend.inject(#"{"method": "POST", "path": "/v1/posts", "hold": true, "times": 1}"#)
        let sync = try device.start("sync", backend: backend)
        try await backend.waitForHeldRequests(1)
        try await sync.kill()
        try await backend.releaseHeldRequests()
        ledger.counts["kill", default: 0] += 1
    }

    private func expectConverged(
        _ devices: [SoakDevice], backend: SoakBackend, ledger: Ledger, seed: UInt64
    ) async throws {
        let server = try SoakDevice("server", posts: "http")
        let signedIn = try await server.run(
            "sign-in", "soaker", "--password-stdin", backend: backend, input: Self.password)
        try #require(signedIn.status == 0, "\(signedIn)")
        let onServer = try await server.feed(backend: backend).ids
        let expected = ledger.published.filter { !ledger.deleted.contains($0.key) }
        for (id, text) in expected {
            #expect(onServer[id] == text, "seed \(seed): acknowledged post \(id) (\(text)) is not on the server")
        }
        for id in ledger.deleted {
            #expect(onServer[id] == nil, "seed \(seed): deleted post \(id) is still on the server")
        }
        let texts = onServer.values.sorted()
        #expect(Set(texts).count == texts.count, "seed \(seed): a post is on the server twice: \(texts)")
        for device in devices {
            let shown = try await device.feed(backend: backend)
            #expect(shown.ids == onServer, "seed \(seed): device \(device.name) differs from the server")
            #expect(shown.marked.isEmpty, "seed \(seed): device \(device.name) still marks \(shown.marked)")
            let report = try await device.run("integrations", backend: backend).standardOutput
            #expect(report.contains("Sync\n  0 change(s) wait to be sent, 0 refused"), "\(device.name): \(report)")
        }
    }
}
