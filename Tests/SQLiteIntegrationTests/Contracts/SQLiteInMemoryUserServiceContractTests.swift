import ServiceContracts
import Testing

@Suite("SQLite (in-memory) UserService contract")
struct SQLiteInMemoryUserServiceContractTests {
    static let fixture = SQLiteContractFixtures.memoryUsers

    @Test("SQLite (in-memory) UserService contract", arguments: UserServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<UserServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "SQLite (in-memory) UserService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try UserServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
