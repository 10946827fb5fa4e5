import Foundation
import Testing

/// The table of `Docs/ContractTests.md` that says which capabilities each integration's fixtures
/// declare ("Which integration declares what"), read so that each integration's tests hold its rows
/// to its fixtures: the page cannot drift from the code, and the rows go with the integration.
///
/// A row is `| <integration> | <capabilities> |`. An integration may have several rows (the
/// capabilities that go with one service on a row of their own, marked as part of that service), and
/// together they list what its fixtures declare. `scripts/new-integration` appends a scaffolded
/// integration's row under `heading` (`IntegrationScaffold.capabilityTable` spells both the same;
/// `scripts/test-new-integration` checks that the row lands and passes).
public enum ContractDocs {
    /// The page, relative to the package's root.
    public static let page = "Docs/ContractTests.md"
    /// The heading of the table's section.
    public static let heading = "### Which integration declares what"

    private static var title: String { String(heading.drop(while: { $0 == "#" || $0 == " " })) }

    /// Expects the rows named `integration` to list exactly the capabilities `declared` holds
    /// between them (pass each fixture's `capabilities`).
    ///
    /// - Parameter file: pass nothing; it finds the package's root.
    public static func expectListed(
        _ integration: String,
        declaring declared: [Set<ContractCapability>],
        file: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let text = String(decoding: try FormatSample.contents(of: page, from: file), as: UTF8.self)
        let expected = declared.reduce(into: Set<ContractCapability>()) { $0.formUnion($1) }
        let rows = try rows(in: text, sourceLocation: sourceLocation)
        let listed = rows.filter { $0.integration == integration }
        let spelled = expected.sorted().map { "`.\($0.rawValue)`" }.joined(separator: ", ")
        try #require(
            !listed.isEmpty,
            "\(page) has no row for \(integration) under \"\(title)\": add | \(integration) | \(spelled) |",
            sourceLocation: sourceLocation)
        let shown = listed.reduce(into: Set<ContractCapability>()) { $0.formUnion($1.capabilities) }
        let missing = expected.subtracting(shown).sorted().map { "`.\($0.rawValue)`" }
        let extra = shown.subtracting(expected).sorted().map { "`.\($0.rawValue)`" }
        let faults = [
            missing.isEmpty ? nil : "leave out " + missing.joined(separator: ", "),
            extra.isEmpty ? nil : "name " + extra.joined(separator: ", ") + ", which its fixtures do not declare",
        ].compactMap(\.self)
        #expect(
            faults.isEmpty,
            "\(page), \"\(title)\": the rows of \(integration) \(faults.joined(separator: " and ")); its fixtures declare \(spelled)",
            sourceLocation: sourceLocation)
    }

    /// The table's rows: each integration's name and the capabilities the row names.
    static func rows(
        in text: String, sourceLocation: SourceLocation
    ) throws -> [(integration: String, capabilities: Set<ContractCapability>)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(
            lines.firstIndex { $0.trimmingCharacters(in: .whitespacesAndNewlines) == heading },
            "\(page) has no section \"\(heading)\"", sourceLocation: sourceLocation)
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix("#") }
        return try section.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Integration ") }.map { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            // "–" says the row declares nothing, as in the generated tables.
            let names = cells.dropFirst().first?.split(separator: ",").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " `."))
            }.filter { $0 != "–" }
            let capabilities = try (names ?? []).map { name in
                try #require(
                    ContractCapability(rawValue: name), "\(page): \"\(name)\" in \"\(line)\" is not a capability",
                    sourceLocation: sourceLocation)
            }
            return (cells[0], Set(capabilities))
        }
    }
}
