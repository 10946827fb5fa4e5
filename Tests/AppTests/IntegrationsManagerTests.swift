import App
import Services
import TestSupport
import Testing

@Suite("IntegrationsManager")
struct IntegrationsManagerTests {
    @Test("Starts every integration, forwards events in order and stops in reverse order")
    func lifecycleOrder() async throws {
        let log = AwaitableState<[String]>([])
        let manager = IntegrationsManager.withoutTimeouts([
            .init(RecordingIntegration("A", log: log)), .init(RecordingIntegration("B", log: log)),
        ])
        try await manager.start()
        #expect(Set(log.current) == ["start A", "start B"])
        await manager.handle(.didEnterBackground)
        await manager.stop()
        #expect(
            Array(log.current.dropFirst(2)) == ["didEnterBackground A", "didEnterBackground B", "stop B", "stop A"])
    }

    @Test("A required integration that fails stops the others and names itself, the cause and a remedy")
    func requiredFailure() async throws {
        let log = AwaitableState<[String]>([])
        let manager = IntegrationsManager.withoutTimeouts([
            .init(RecordingIntegration("Store", log: log)),
            .init(
                RecordingIntegration(
                    "Files",
                    .fails(
                        .corruptData(
                            location: "/data/x.db", reason: "not a database; it was left unchanged: move it aside")),
                    log: log)),
        ])
        let error = try await #require(throws: IntegrationStartError.self) { try await manager.start() }
        #expect(error.integration == "Files")
        #expect(
            error.description == "Files could not start: Corrupt data in /data/x.db: not a database; it was left "
                + "unchanged: move it aside.")
        let unauthorized = IntegrationStartError(integration: "Host", cause: .unauthorized(reason: "bad key"))
        #expect(unauthorized.description.hasSuffix("(they are never printed)."))
        #expect(log.current.contains("stop Store"))
        let health = await manager.healthReport()
        #expect(health.first { $0.name == "Store" }?.health == .stopped)
    }

    @Test("An optional integration that fails comes up degraded and the app starts")
    func optionalFailure() async throws {
        let log = AwaitableState<[String]>([])
        let manager = IntegrationsManager.withoutTimeouts([
            .init(RecordingIntegration("Store", log: log)),
            .init(
                RecordingIntegration("Backend", .fails(.unavailable(reason: "offline", retryAfter: nil)), log: log),
                isOptional: true
            ),
        ])
        try await manager.start()
        let health = await manager.healthReport()
        #expect(health.map(\.name) == ["Store", "Backend"])
        #expect(health[0].health == .healthy)
        #expect(health[1].health == .degraded(reason: "Unavailable: offline"))
        #expect(!log.current.contains("stop Store"))
    }

    @Test("A start that exceeds its timeout fails as timed out and is cancelled")
    func timeout() async throws {
        // Given an integration whose start never ends, and a manager timing starts on a manual clock
        let log = AwaitableState<[String]>([])
        let clock = ManualClock()
        let manager = IntegrationsManager(
            [.init(RecordingIntegration("Slow", .hangs, log: log), startTimeout: .seconds(10))], clock: clock)

        // When the start has waited its whole timeout
        let starting = Task { try await manager.start() }
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))

        // Then it fails as timed out, naming the integration
        let error = try await #require(throws: IntegrationStartError.self) { try await starting.value }
        #expect(error.cause.kind == .timedOut)
        #expect(error.integration == "Slow")
    }

    @Test("Events reach only integrations that started")
    func eventsOnlyToStarted() async throws {
        let log = AwaitableState<[String]>([])
        let manager = IntegrationsManager.withoutTimeouts([
            .init(RecordingIntegration("Up", log: log)),
            .init(
                RecordingIntegration("Down", .fails(.unavailable(reason: "x", retryAfter: nil)), log: log),
                isOptional: true),
        ])
        try await manager.start()
        await manager.handle(.didReceiveMemoryWarning)
        #expect(log.current.contains("didReceiveMemoryWarning Up"))
        #expect(!log.current.contains("didReceiveMemoryWarning Down"))
    }
}

@Suite("IntegrationsManager re-entrancy")
struct IntegrationsManagerReentrancyTests {
    @Test("A second start while one is in flight shares it: each integration starts once")
    func concurrentStartsShare() async throws {
        let log = AwaitableState<[String]>([])
        let manager = IntegrationsManager.withoutTimeouts([.init(RecordingIntegration("A", log: log))])
        async let first: Void = manager.start()
        async let second: Void = manager.start()
        _ = try await (first, second)
        try await manager.start()
        #expect(log.current.filter { $0 == "start A" }.count == 1)
    }

    @Test("A stop that arrives during start waits for it, so nothing is left running")
    func stopDuringStart() async throws {
        let log = AwaitableState<[String]>([])
        let gate = AwaitableState(false)
        let manager = IntegrationsManager.withoutTimeouts([
            .init(RecordingIntegration("A", .waits(for: gate), log: log))
        ])
        let starting = Task { try await manager.start() }
        try await log.wait { $0.contains("start A") }
        let stopping = Task { await manager.stop() }
        gate.update { $0 = true }
        await stopping.value
        try await starting.value
        #expect(log.current == ["start A", "stop A"])
        #expect(await manager.healthReport().first?.health == .stopped)
    }

    @Test("An optional integration that timed out is stopped, so a late start leaks nothing")
    func timedOutOptionalIsStopped() async throws {
        let log = AwaitableState<[String]>([])
        let clock = ManualClock()
        let manager = IntegrationsManager(
            [.init(RecordingIntegration("Slow", .hangs, log: log), isOptional: true, startTimeout: .seconds(10))],
            clock: clock)
        let starting = Task { try await manager.start() }
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))
        try await starting.value
        #expect(log.current.contains("stop Slow"))
        #expect(await manager.healthReport().first?.health.isServing == true)
    }

    @Test("After stop, start starts the integrations again")
    func restart() async throws {
        let log = AwaitableState<[String]>([])
        let manager = IntegrationsManager.withoutTimeouts([.init(RecordingIntegration("A", log: log))])
        try await manager.start()
        await manager.stop()
        try await manager.start()
        #expect(log.current == ["start A", "stop A", "start A"])
    }
}

extension IntegrationsManager {
    /// A manager whose start timeouts never fire (its clock moves only when told, and nobody tells
    /// it): for the tests where time is not the subject, so a slow machine cannot fail them.
    fileprivate static func withoutTimeouts(_ registrations: [Registration]) -> IntegrationsManager {
        IntegrationsManager(registrations, clock: ManualClock())
    }
}
