import ServiceContracts
import Testing

@Suite("HTTP backend PostService contract")
struct HTTPBackendPostServiceContractTests {
    static let fixture = HTTPBackendContractFixtures.posts

    @Test("HTTP backend PostService contract", arguments: PostServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<PostServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "HTTP backend PostService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try PostServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
