// scripts/remove-service deletes this file with the service it is part of: hosting
import ServiceContracts
import Testing

@Suite("In-memory VideoHostingService contract")
struct InMemoryVideoHostingServiceContractTests {
    static let fixture = InMemoryContractFixtures.hosting

    @Test("In-memory VideoHostingService contract", arguments: VideoHostingServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<VideoHostingServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "In-memory VideoHostingService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try VideoHostingServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
