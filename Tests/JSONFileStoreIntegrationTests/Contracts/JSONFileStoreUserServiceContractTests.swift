import ServiceContracts
import Testing

@Suite("JSONFileStore UserService contract")
struct JSONFileStoreUserServiceContractTests {
    static let fixture = JSONFileStoreContractFixtures.users

    @Test("JSONFileStore UserService contract", arguments: UserServiceContract.checks(supportedBy: fixture))
    func contract(_ check: ContractCheck<UserServiceSubject>) async throws {
        try await check.run(with: Self.fixture)
    }

    @Test(
        "JSONFileStore UserService contract: checks this fixture cannot run"
    )
    func unsupportedChecks() throws {
        try UserServiceContract.cancelUnsupportedChecks(for: Self.fixture)
    }
}
