import ServiceContracts
import Testing

@Suite("SQLite capability rows")
struct SQLiteCapabilityRowsTests {
    @Test("Docs/ContractTests.md lists what the SQLite fixtures declare, on a file and in memory")
    func docsListCapabilities() throws {
        try ContractDocs.expectListed(
            SQLiteContractFixtures.fileIntegration, declaring: [SQLiteContractFixtures.fileCapabilities])
        try ContractDocs.expectListed(
            SQLiteContractFixtures.memoryIntegration, declaring: [SQLiteContractFixtures.memoryCapabilities])
    }
}
