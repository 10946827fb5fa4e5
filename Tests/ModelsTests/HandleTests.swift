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
    }
}
