import ServiceContracts
import Testing

/// The post contract against the offline-first integration, with its sync running on its own over
/// a server that answers, one that cannot be reached, and one whose connection flaps: the app's
/// reads and writes keep every promise in all three.
@Suite("Offline-first PostService contract")
struct OfflineFirstPostServiceContractTests {
    private typealias Fixtures = OfflineFirstContractFixtures
    static let fixture = Fixtures.posts(.online)

    @Test("Offline-first PostService contract, online", arguments: PostServiceContract.checks(supportedBy: fixture))
    func online(_ check: ContractCheck<PostServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test("Offline-first PostService contract, offline", arguments: PostServiceContract.checks(supportedBy: fixture))
    func offline(_ check: ContractCheck<PostServiceSubject>) async throws {
        try await check.run(with: Fixtures.posts(.offline))
    }

    @Test(
        "Offline-first PostService contract, while the connection flaps",
        arguments: PostServiceContract.checks(supportedBy: fixture))
    func flapping(_ check: ContractCheck<PostServiceSubject>) async throws {
        try await check.run(with: Fixtures.posts(.flapping))
    }

    @Test(
        "Offline-first PostService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try PostServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
