import ServiceContracts
import Testing

@Suite("SQLite (in-memory) PostService contract")
struct SQLiteInMemoryPostServiceContractTests {
    static let fixture = SQLiteContractFixtures.memoryPosts

    @Test("SQLite (in-memory) PostService contract", arguments: PostServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<PostServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "SQLite (in-memory) PostService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try PostServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
