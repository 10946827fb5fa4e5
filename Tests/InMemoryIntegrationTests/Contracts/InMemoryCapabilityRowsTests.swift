import ServiceContracts
import Testing

@Suite("In-memory capability rows")
struct InMemoryCapabilityRowsTests {
    @Test("Docs/ContractTests.md lists what the in-memory fixtures declare")
    func docsListCapabilities() throws {
        try ContractDocs.expectListed(
            InMemoryContractFixtures.integration,
            declaring: [
                InMemoryContractFixtures.posts.capabilities,
                InMemoryContractFixtures.users.capabilities,
                InMemoryContractFixtures.authentication.capabilities,  // part of: authentication
                InMemoryContractFixtures.library.capabilities,  // part of: library
                InMemoryContractFixtures.hosting.capabilities,  // part of: hosting
            ])
    }
}
