// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import ServiceContracts
import Testing

@Suite("In-memory PostReplicaService contract")
struct InMemoryPostReplicaServiceContractTests {
    static let fixture = InMemoryContractFixtures.replica

    @Test("In-memory PostReplicaService contract", arguments: PostReplicaServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<PostReplicaServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "In-memory PostReplicaService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try PostReplicaServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
