// scripts/remove-service deletes this file with the service it is part of: library
import ServiceContracts
import Testing

@Suite("SQLite (file) VideoLibraryService contract")
struct SQLiteFileVideoLibraryServiceContractTests {
    static let fixture = SQLiteContractFixtures.fileLibrary

    @Test(
        "SQLite (file) VideoLibraryService contract",
        arguments: VideoLibraryServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<VideoLibraryServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "SQLite (file) VideoLibraryService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try VideoLibraryServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
