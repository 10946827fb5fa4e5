import ServiceContracts
import Testing

@Suite("In-memory capability rows")
struct InMemoryCapabilityRowsTests {
    /// What each in-memory fixture declares; `scripts/new-service` adds a new service's fixture here.
    static let declared: [Set<ContractCapability>] = [
        InMemoryContractFixtures.posts.capabilities,
        InMemoryContractFixtures.users.capabilities,
        InMemoryContractFixtures.authentication.capabilities,  // part of: authentication
        InMemoryContractFixtures.library.capabilities,  // part of: library
        InMemoryContractFixtures.hosting.capabilities,  // part of: hosting
    ]

    @Test("Docs/ContractTests.md lists what the in-memory fixtures declare")
    func docsListCapabilities() throws {
        try ContractDocs.expectListed(InMemoryContractFixtures.integration, declaring: Self.declared)
    }
}
