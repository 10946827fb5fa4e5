// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import ServiceContracts
import Testing

@Suite("SQLite (file) PostReplicaService contract")
struct SQLiteFilePostReplicaServiceContractTests {
    static let fixture = SQLiteContractFixtures.fileReplica

    @Test(
        "SQLite (file) PostReplicaService contract", arguments: PostReplicaServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<PostReplicaServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "SQLite (file) PostReplicaService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try PostReplicaServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
