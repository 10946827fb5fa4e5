import ServiceContracts
import Testing

@Suite("HTTP backend capability rows")
struct HTTPBackendCapabilityRowsTests {
    @Test("Docs/ContractTests.md lists what the HTTP backend's fixtures declare")
    func docsListCapabilities() throws {
        try ContractDocs.expectListed(
            HTTPBackendContractFixtures.integration, declaring: [HTTPBackendContractFixtures.capabilities])
    }
}
