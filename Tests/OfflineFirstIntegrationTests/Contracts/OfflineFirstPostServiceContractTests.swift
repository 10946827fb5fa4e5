import ServiceContracts
import Testing

@Suite("Offline-first PostService contract")
struct OfflineFirstPostServiceContractTests {
    static let fixture = OfflineFirstContractFixtures.posts

    @Test("Offline-first PostService contract", arguments: PostServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<PostServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "Offline-first PostService contract: checks this fixture cannot run",
        .enabled(if: PostServiceContract.hasUnsupportedChecks(for: fixture))
    )
    func unsupportedChecks() throws {
        try PostServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
