import ServiceContracts
import Testing

@Suite("JSONFileStore AuthenticationService contract")
struct JSONFileStoreAuthenticationServiceContractTests {
    static let fixture = JSONFileStoreContractFixtures.authentication

    @Test(
        "JSONFileStore AuthenticationService contract",
        arguments: AuthenticationServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<AuthenticationServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "JSONFileStore AuthenticationService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try AuthenticationServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
