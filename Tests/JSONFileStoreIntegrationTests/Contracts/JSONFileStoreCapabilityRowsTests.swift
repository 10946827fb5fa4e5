import ServiceContracts
import Testing

@Suite("JSON file store capability rows")
struct JSONFileStoreCapabilityRowsTests {
    @Test("Docs/ContractTests.md lists what the JSON file store's fixtures declare")
    func docsListCapabilities() throws {
        try ContractDocs.expectListed(
            JSONFileStoreContractFixtures.integration, declaring: [JSONFileStoreContractFixtures.capabilities])
    }
}
