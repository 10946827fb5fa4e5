import ServiceContracts
import Testing

@Suite("Offline-first (online) AuthenticationService contract")
struct OfflineFirstAuthenticationServiceContractTests {
    static let fixture = OfflineFirstContractFixtures.authentication

    @Test(
        "Offline-first (online) AuthenticationService contract",
        arguments: AuthenticationServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<AuthenticationServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "Offline-first (online) AuthenticationService contract: checks this fixture cannot run",
        .enabled(if: AuthenticationServiceContract.hasUnsupportedChecks(for: fixture))
    )
    func unsupportedChecks() throws {
        try AuthenticationServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
