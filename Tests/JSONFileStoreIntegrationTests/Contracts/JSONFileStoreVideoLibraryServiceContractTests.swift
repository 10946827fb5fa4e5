import ServiceContracts
import Testing

@Suite("JSONFileStore VideoLibraryService contract")
struct JSONFileStoreVideoLibraryServiceContractTests {
    static let fixture = JSONFileStoreContractFixtures.library

    @Test(
        "JSONFileStore VideoLibraryService contract",
        arguments: VideoLibraryServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<VideoLibraryServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "JSONFileStore VideoLibraryService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try VideoLibraryServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
