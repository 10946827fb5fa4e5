import ServiceContracts
import Testing

@Suite("Offline-first capability rows")
struct OfflineFirstCapabilityRowsTests {
    @Test("Docs/ContractTests.md lists what the offline-first fixtures declare, over every connection")
    func docsListCapabilities() throws {
        try ContractDocs.expectListed(
            OfflineFirstContractFixtures.integration,
            declaring: OfflineFirstContractFixtures.Connection.allCases.map {
                OfflineFirstContractFixtures.posts($0).capabilities
            } + [
                OfflineFirstContractFixtures.users.capabilities,
                OfflineFirstContractFixtures.authentication.capabilities,  // part of: authentication
            ])
    }
}
