import ServiceContracts
import Testing

@Suite("SQLite (file) PostService contract")
struct SQLiteFilePostServiceContractTests {
    static let fixture = SQLiteContractFixtures.filePosts

    @Test("SQLite (file) PostService contract", arguments: PostServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<PostServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "SQLite (file) PostService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try PostServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
