import ServiceContracts
import Testing

@Suite("Offline-first (offline) PostService contract")
struct OfflineFirstOfflinePostServiceContractTests {
    static let fixture = OfflineFirstContractFixtures.posts(isOnline: false)

    @Test("Offline-first (offline) PostService contract", arguments: PostServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<PostServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "Offline-first (offline) PostService contract: checks this fixture cannot run",
        .enabled(if: PostServiceContract.hasUnsupportedChecks(for: fixture))
    )
    func unsupportedChecks() throws {
        try PostServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
