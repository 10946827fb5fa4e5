import ServiceContracts

/// The fixture that runs the video hosting contract against a fresh, started mock host.
///
/// The host runs on a `ManualClock` and counts the files in its storage directory plus the media
/// in its index, so the contract can advance processing and prove nothing was left behind.
enum MockVideoHostContractFixtures {
    static let hosting = ContractFixture<VideoHostingSubject>(
        integration: "Mock video host",
        capabilities: [.controlledClock, .storageInspection]
    ) {
        let harness = try await MockVideoHostHarness()
        let service = harness.service
        return VideoHostingSubject(
            hosting: service,
            advanceClock: { harness.clock.advance(by: $0) },
            storedItemCount: { try await service.storedItemCount() },
            tearDown: { await harness.host.stop() }
        )
    }
}
