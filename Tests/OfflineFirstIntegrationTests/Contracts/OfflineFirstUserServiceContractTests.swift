import ServiceContracts
import Testing

@Suite("Offline-first UserService contract")
struct OfflineFirstUserServiceContractTests {
    static let fixture = OfflineFirstContractFixtures.users

    @Test("Offline-first UserService contract", arguments: UserServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<UserServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "Offline-first UserService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try UserServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
