import MockVideoHostIntegration
import ServiceContracts

/// The fixture that runs the video hosting contract against a fresh, started mock host.
///
/// The host runs on a `ManualClock`, counts the files in its storage directory plus the media in
/// its index, can be told to fail processing through its sandbox control, and keeps what it hosts
/// on disk: reopening is stopping it and starting a new host on the same directory.
enum MockVideoHostContractFixtures {
    static let hosting = ContractFixture<VideoHostingServiceSubject>(
        integration: "Mock video host",
        capabilities: [.controlledClock, .storageInspection, .failableProcessing, .reopen]
    ) { _ in
        let harness = try await MockVideoHostHarness()
        return subject(harness.host, in: harness)
    }

    private static func subject(_ host: MockVideoHostIntegration, in harness: MockVideoHostHarness)
        -> VideoHostingServiceSubject
    {
        let service = host.hostingService
        return VideoHostingServiceSubject(
            hosting: service,
            advanceClock: { harness.clock.advance(by: $0) },
            storedItemCount: { try await service.storedItemCount() },
            failProcessing: { await service.simulateProcessingFailures(true) },
            hooks: SubjectHooks(
                reopen: {
                    await host.stop()
                    return subject(try await harness.anotherHost(), in: harness)
                },
                tearDown: { await host.stop() }
            )
        )
    }
}
