// scripts/remove-service deletes this file with the service it is part of: library
import ServiceContracts
import Testing

@Suite("SQLite (in-memory) VideoLibraryService contract")
struct SQLiteInMemoryVideoLibraryServiceContractTests {
    static let fixture = SQLiteContractFixtures.memoryLibrary

    @Test(
        "SQLite (in-memory) VideoLibraryService contract",
        arguments: VideoLibraryServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<VideoLibraryServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "SQLite (in-memory) VideoLibraryService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try VideoLibraryServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
