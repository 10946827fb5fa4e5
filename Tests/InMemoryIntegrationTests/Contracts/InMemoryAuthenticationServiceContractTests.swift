// scripts/remove-service deletes this file with the service it is part of: authentication
import ServiceContracts
import Testing

@Suite("In-memory AuthenticationService contract")
struct InMemoryAuthenticationServiceContractTests {
    static let fixture = InMemoryContractFixtures.authentication

    @Test(
        "In-memory AuthenticationService contract",
        arguments: AuthenticationServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<AuthenticationServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "In-memory AuthenticationService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try AuthenticationServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
