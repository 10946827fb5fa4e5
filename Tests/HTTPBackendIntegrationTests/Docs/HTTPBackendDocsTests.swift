import Foundation
import Testing

/// The docs show real code: every `<!-- snippet: path -->` block in the HTTP backend's guide is
/// the file it names, byte for byte.
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
            guard let start = part.range(of: "```swift\n"),
                let end = part.range(of: "\n```", range: start.upperBound..<part.endIndex)
            else {
                Issue.record("the snippet for \(path) has no swift block")
                continue
            }
            let shown = String(part[start.upperBound..<end.lowerBound]) + "\n"
            let file = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            #expect(shown == file, "Docs/Integrations/HTTPBackend.md shows an old \(path)")
            checked += 1
        }
        #expect(checked > 0)
    }
}
