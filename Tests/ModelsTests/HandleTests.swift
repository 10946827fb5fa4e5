import Foundation
import Models
import Testing

@Suite("Handle")
struct HandleTests {
    @Test("Handles are stored lowercased, so letter case does not make a new handle")
    func lowercased() throws {
        let upper = try Handle("Alice_01")
        let lower = try Handle("alice_01")
        #expect(upper == lower)
        #expect(upper.rawValue == "alice_01")
        #expect(upper.description == "@alice_01")
    }

    @Test("Lengths 3 and 30 are accepted", arguments: [3, 30])
    func acceptsBoundaries(length: Int) throws {
        #expect(try Handle(String(repeating: "a", count: length)).rawValue.count == length)
    }

    @Test("Lengths 2 and 31 are rejected", arguments: [2, 31])
    func rejectsOutsideBoundaries(length: Int) {
        #expect(throws: ValidationError.self) { try Handle(String(repeating: "a", count: length)) }
    }

    @Test(
        "Anything but ASCII letters, digits and underscore is rejected",
        arguments: [
            "al ice", "alice!", "ålice", "al-ice", "al.ice", " alice", "alice\n", "ａｌｉｃｅ", "al\u{0}ice", "👩‍💻abc",
        ]
    )
    func rejectsCharacters(handle: String) throws {
        let error = try #require(throws: ValidationError.self) { try Handle(handle) }
        #expect(error.field == "handle")
    }

    @Test("A stored raw value that breaks the rules does not make a handle")
    func rawValueValidates() {
        #expect(Handle(rawValue: "ok_handle") != nil)
        #expect(Handle(rawValue: "no") == nil)
    }

    @Test("Decoding a handle validates it")
    func decodingValidates() throws {
        let decoded = try JSONDecoder().decode([Handle].self, from: Data(#"["Bob_2"]"#.utf8))
        #expect(decoded.first?.rawValue == "bob_2")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Handle].self, from: Data(#"["b!"]"#.utf8)) }
    }
}
