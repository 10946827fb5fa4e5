import ServiceContracts
import Testing

@Suite("In-memory UserService contract")
struct InMemoryUserServiceContractTests {
    static let fixture = InMemoryContractFixtures.users

    @Test("In-memory UserService contract", arguments: UserServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<UserServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "In-memory UserService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try UserServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
