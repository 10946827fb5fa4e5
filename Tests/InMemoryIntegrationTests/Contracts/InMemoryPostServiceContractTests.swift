import ServiceContracts
import Testing

@Suite("In-memory PostService contract")
struct InMemoryPostServiceContractTests {
    static let fixture = InMemoryContractFixtures.posts

    @Test("In-memory PostService contract", arguments: PostServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<PostServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "In-memory PostService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try PostServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
