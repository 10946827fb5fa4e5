import Foundation
import Testing

/// The docs show real code: the file a `<!-- snippet: path -->` diff adds in the HTTP backend's
/// guide is the file in the tree, byte for byte.
@Suite("HTTP backend docs")
struct HTTPBackendDocsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the guide's snippets are the files they name")
    func snippets() throws {
        let guide = try String(
            contentsOf: Self.root.appendingPathComponent("Docs/Integrations/HTTPBackend.md"), encoding: .utf8)
        let marker = "<!-- snippet: "
        var checked = 0
        for part in guide.components(separatedBy: marker).dropFirst() {
            let path = String(part.prefix { $0 != " " })
            guard let start = part.range(of: "```diff\n"),
                let end = part.range(of: "\n```", range: start.upperBound..<part.endIndex)
            else {
                Issue.record("the snippet for \(path) has no diff block")
                continue
            }
            // The added file: the `+` lines after its header, up to the next file's header.
            let diff = part[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            guard let header = diff.firstIndex(where: { $0 == "+++ b/" + path }) else {
                Issue.record("the diff does not add \(path)")
                continue
            }
            let body = diff[(header + 2)...].prefix { !$0.hasPrefix("--- ") }
            let shown = body.map { String($0.dropFirst()) }.joined(separator: "\n") + "\n"
            let file = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            #expect(shown == file, "Docs/Integrations/HTTPBackend.md shows an old \(path)")
            checked += 1
        }
        #expect(checked > 0)
    }
}
