import ServiceContracts
import Testing

@Suite("HTTP backend AuthenticationService contract")
struct HTTPBackendAuthenticationServiceContractTests {
    static let fixture = HTTPBackendContractFixtures.authentication

    @Test(
        "HTTP backend AuthenticationService contract",
        arguments: AuthenticationServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<AuthenticationServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "HTTP backend AuthenticationService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try AuthenticationServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
