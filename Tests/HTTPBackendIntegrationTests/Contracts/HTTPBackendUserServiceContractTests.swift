import ServiceContracts
import Testing

@Suite("HTTP backend UserService contract")
struct HTTPBackendUserServiceContractTests {
    static let fixture = HTTPBackendContractFixtures.users

    @Test("HTTP backend UserService contract", arguments: UserServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<UserServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "HTTP backend UserService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try UserServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
