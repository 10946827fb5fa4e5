import App
import Services
import TestSupport
import Testing

@Suite("IntegrationsManager")
struct IntegrationsManagerTests {
    @Test("Starts every integration, forwards events in order and stops in reverse order")
    func lifecycleOrder() async throws {
        let log = Locked<[String]>([])
        let manager = IntegrationsManager([
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
        let log = Locked<[String]>([])
        let manager = IntegrationsManager([
            .init(RecordingIntegration("Store", log: log)),
            .init(
                RecordingIntegration(
                    "Files", .fails(.corruptData(location: "/data/x.db", reason: "not a database")), log: log)),
        ])
        let error = try await #require(throws: IntegrationStartError.self) { try await manager.start() }
        #expect(error.integration == "Files")
        #expect(error.description.contains("/data/x.db"))
        #expect(error.description.contains("Move it aside"))
        #expect(log.current.contains("stop Store"))
        let health = await manager.healthReport()
        #expect(health.first { $0.name == "Store" }?.health == .stopped)
    }

    @Test("An optional integration that fails comes up degraded and the app starts")
    func optionalFailure() async throws {
        let log = Locked<[String]>([])
        let manager = IntegrationsManager([
            .init(RecordingIntegration("Store", log: log)),
            .init(
                RecordingIntegration("Backend", .fails(.unavailable(reason: "offline", retryAfter: nil)), log: log),
                isRequired: false
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
        let log = Locked<[String]>([])
        let manager = IntegrationsManager([
            .init(RecordingIntegration("Slow", .hangs, log: log), startTimeout: .milliseconds(50))
        ])
        let error = try await #require(throws: IntegrationStartError.self) { try await manager.start() }
        #expect(error.cause.kind == .timedOut)
        #expect(error.integration == "Slow")
    }

    @Test("Events reach only integrations that started")
    func eventsOnlyToStarted() async throws {
        let log = Locked<[String]>([])
        let manager = IntegrationsManager([
            .init(RecordingIntegration("Up", log: log)),
            .init(
                RecordingIntegration("Down", .fails(.unavailable(reason: "x", retryAfter: nil)), log: log),
                isRequired: false),
        ])
        try await manager.start()
        await manager.handle(.didReceiveMemoryWarning)
        #expect(log.current.contains("didReceiveMemoryWarning Up"))
        #expect(!log.current.contains("didReceiveMemoryWarning Down"))
    }
}
