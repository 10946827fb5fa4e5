import ServiceContracts
import Testing

@Suite("Offline-first AuthenticationService contract")
struct OfflineFirstAuthenticationServiceContractTests {
    static let fixture = OfflineFirstContractFixtures.authentication

    @Test(
        "Offline-first AuthenticationService contract",
        arguments: AuthenticationServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<AuthenticationServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "Offline-first AuthenticationService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try AuthenticationServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
