import ServiceContracts
import Testing

@Suite("Mock video host VideoHostingService contract")
struct MockVideoHostVideoHostingServiceContractTests {
    static let fixture = MockVideoHostContractFixtures.hosting

    @Test(
        "Mock video host VideoHostingService contract",
        arguments: VideoHostingServiceContract.checks(supportedBy: fixture)
    )
    func contract(_ check: ContractCheck<VideoHostingServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "Mock video host VideoHostingService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try VideoHostingServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
