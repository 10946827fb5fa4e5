import ServiceContracts
import Testing

@Suite("Mock video host capability rows")
struct MockVideoHostCapabilityRowsTests {
    @Test("Docs/ContractTests.md lists what the mock video host's fixture declares")
    func docsListCapabilities() throws {
        let fixture = MockVideoHostContractFixtures.hosting
        try ContractDocs.expectListed(fixture.integration, declaring: [fixture.capabilities])
    }
}
