import Foundation
import Testing

@Suite("SQLite: values are bound, never interpolated")
struct SQLInterpolationTests {
    /// `Integrations/SQLite`, found from this file's location in the package.
    static let integrationSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Database
        .deletingLastPathComponent()  // SQLiteIntegrationTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Integrations/SQLite")

    @Test("no SQL string literal in Integrations/SQLite uses string interpolation")
    func integrationHasNoInterpolatedSQL() throws {
        // Given the integration's sources
        let sources = try #require(
            FileManager.default.fileExists(atPath: Self.integrationSources.path) ? Self.integrationSources : nil,
            "Integrations/SQLite not found at \(Self.integrationSources.path)"
        )

        // When they are scanned
        let findings = try SQLInterpolationScanner.findings(under: sources)

        // Then nothing builds SQL by interpolation
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test("the scan catches a planted interpolation in single-line and multi-line SQL")
    func scannerCatchesPlantedViolation() {
        // Given sources that splice a value into SQL, and ones that only bind or interpolate messages
        let planted = #"""
            try connection.run("DELETE FROM posts WHERE id = '\(id)'")
            let query = """
                SELECT id FROM users
                WHERE handle = '\(handle)'
                """
            throw .notFound(what: "post \(id)")
            // SELECT \(this) is a comment
            try connection.run("DELETE FROM posts WHERE id = ?1", id)
            """#

        // When it is scanned
        let findings = SQLInterpolationScanner.findings(in: planted, file: "Planted.swift")

        // Then exactly the two spliced statements are reported, at their lines
        #expect(findings.map(\.line) == [1, 2])
    }
}
