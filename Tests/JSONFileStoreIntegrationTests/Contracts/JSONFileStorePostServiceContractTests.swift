import ServiceContracts
import Testing

@Suite("JSONFileStore PostService contract")
struct JSONFileStorePostServiceContractTests {
    static let fixture = JSONFileStoreContractFixtures.posts

    @Test("JSONFileStore PostService contract", arguments: PostServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<PostServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "JSONFileStore PostService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try PostServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
