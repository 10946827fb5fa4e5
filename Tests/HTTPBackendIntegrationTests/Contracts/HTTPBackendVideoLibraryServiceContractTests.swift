import ServiceContracts
import Testing

@Suite("HTTP backend VideoLibraryService contract")
struct HTTPBackendVideoLibraryServiceContractTests {
    static let fixture = HTTPBackendContractFixtures.library

    @Test(
        "HTTP backend VideoLibraryService contract", arguments: VideoLibraryServiceContract.checks(supportedBy: fixture)
    )
    func contract(_ check: ContractCheck<VideoLibraryServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "HTTP backend VideoLibraryService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try VideoLibraryServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
