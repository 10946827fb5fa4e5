// scripts/remove-service deletes this file with the service it is part of: library
import ServiceContracts
import Testing

@Suite("In-memory VideoLibraryService contract")
struct InMemoryVideoLibraryServiceContractTests {
    static let fixture = InMemoryContractFixtures.library

    @Test("In-memory VideoLibraryService contract", arguments: VideoLibraryServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<VideoLibraryServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "In-memory VideoLibraryService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try VideoLibraryServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
