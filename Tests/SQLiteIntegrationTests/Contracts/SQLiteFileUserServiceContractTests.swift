import ServiceContracts
import Testing

@Suite("SQLite (file) UserService contract")
struct SQLiteFileUserServiceContractTests {
    static let fixture = SQLiteContractFixtures.fileUsers

    @Test("SQLite (file) UserService contract", arguments: UserServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<UserServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "SQLite (file) UserService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try UserServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
