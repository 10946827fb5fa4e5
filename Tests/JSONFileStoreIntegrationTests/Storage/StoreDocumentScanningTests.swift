import Foundation
import IntegrationSupport
import ServiceContracts
import TestSupport
import Testing

@testable import JSONFileStoreIntegration

@Suite("JSON file store: the scanner reads what JSONDecoder reads")
struct StoreDocumentScanningTests {
    static let user = #"{"created_at":"2024-03-01T12:00:00.000Z","display_name":"Ann","handle":"ann","id":"u1"}"#
    static func document(posts: String, extra: String = "") -> String {
        #"{"format_version": 3,\#(extra) "library": [], "posts": [\#(posts)], "users": [\#(user)]}"#
    }
    static func post(text: String, more: String = "") -> String {
        #"{"author_id":"u1","created_at":"2024-03-01T12:00:00.5Z","id":"p1","text":\#(text)\#(more)}"#
    }

    /// Documents the scanner must read exactly as `JSONDecoder` does.
    static let accepted: [String] = [
        document(posts: post(text: #""plain""#)),
        document(posts: post(text: #""line\nbreak \"quoted\" back\\slash \/ tab\t""#)),
        document(posts: post(text: #""caf\u00e9 \ud83d\ude00 café 😀""#)),
        document(posts: post(text: #""with video""#, more: #","video_id":"v1""#)),
        document(posts: post(text: #""null video""#, more: #","video_id":null"#)),
        document(posts: post(text: #""unknown keys""#, more: #","likes":12,"mood":"good","gone":null"#)),
        document(posts: "", extra: #" "note": {"nested": [1, 2.5e3, true, false, null, "x"]},"#),
        "  \n" + document(posts: post(text: #""white space around""#)) + "\n\t ",
    ]

    /// Documents where the scanner must give up (and `JSONDecoder` decide).
    static let refused: [(String, String)] = [
        ("a control character in a string", document(posts: post(text: "\"bell\u{07}\""))),
        ("text after the document", document(posts: "") + " {}"),
        ("a leading zero", #"{"format_version": 03, "library": [], "posts": [], "users": []}"#),
        ("a repeated key", document(posts: post(text: #""twice""#, more: #","text":"again""#))),
        (
            "a date that is not one",
            document(posts: post(text: #""x""#).replacing("2024-03-01T12:00:00.5Z", with: "soon"))
        ),
        ("a missing key", #"{"format_version": 3, "posts": [], "users": []}"#),
        ("a cut document", String(document(posts: post(text: #""cut""#)).dropLast(3))),
        ("a lone surrogate", document(posts: post(text: #""\ud83d alone""#))),
    ]

    @Test("documents it reads come out exactly as JSONDecoder's", arguments: accepted)
    func sameAsDecoder(_ text: String) throws {
        let data = Data(text.utf8)
        let scanned = try #require(StoreDocument.scanned(from: data), "the scanner gave up on \(text)")
        #expect(scanned == (try Self.decoder.decode(StoreDocument.self, from: data)))
    }

    @Test("documents with a mistake are left to JSONDecoder", arguments: refused)
    func givesUp(_ name: String, _ text: String) {
        #expect(StoreDocument.scanned(from: Data(text.utf8)) == nil, "\(name)")
    }

    @Test("a string that is not UTF-8 is left to JSONDecoder")
    func invalidUTF8() {
        var bytes = Array(Self.document(posts: Self.post(text: #""ab""#)).utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "b"))!
        bytes[at] = 0xFF
        #expect(StoreDocument.scanned(from: Data(bytes)) == nil)
    }

    @Test("the documented sample is read by the scanner, as JSONDecoder reads it")
    func documentedSample() throws {
        let data = try FormatSample.contents(of: "Docs/Formats/json-file-store.json")
        let scanned = try #require(StoreDocument.scanned(from: data))
        #expect(scanned == (try Self.decoder.decode(StoreDocument.self, from: data)))
    }

    static let decoder = JSONCoding.decoder()
}
