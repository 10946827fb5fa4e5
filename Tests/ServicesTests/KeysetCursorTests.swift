import Models
import Services
import Testing

@Suite("KeysetCursor")
struct KeysetCursorTests {
    @Test("A cursor decodes to the position it encodes, in its own listing")
    func roundTrip() throws {
        let position = KeysetCursor(scope: "posts:alice", milliseconds: 1_700_000_000_123, id: "p-9")
        #expect(try KeysetCursor(position.cursor, scope: "posts:alice") == position)
    }

    @Test("A cursor from another listing is rejected")
    func foreignScope() {
        let cursor = KeysetCursor(scope: "posts:alice", milliseconds: 1, id: "p").cursor
        #expect(throws: ServiceError.invalidInput(field: "cursor", reason: "belongs to another listing")) {
            try KeysetCursor(cursor, scope: "posts:bob")
        }
    }

    @Test("Garbled cursors are rejected as invalid input", arguments: ["", "x", "e30", "%%%", "eyJ2IjoyfQ"])
    func garbled(raw: String) throws {
        let error = try #require(throws: ServiceError.self) { try KeysetCursor(Cursor(rawValue: raw), scope: "s") }
        #expect(error.field == "cursor")
    }

    @Test("Items after the cursor are older, or as old with a smaller id")
    func precedes() {
        let position = KeysetCursor(scope: "s", milliseconds: 100, id: "m")
        #expect(position.precedes(milliseconds: 99, id: "z"))
        #expect(position.precedes(milliseconds: 100, id: "a"))
        #expect(!position.precedes(milliseconds: 100, id: "m"))
        #expect(!position.precedes(milliseconds: 101, id: "a"))
    }
}
