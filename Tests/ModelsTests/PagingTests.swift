import Models
import Testing

@Suite("PageRequest")
struct PagingTests {
    @Test("Page sizes 1 and 100 are valid, 0 and 101 are not")
    func sizeBoundaries() throws {
        try PageRequest(size: 1).validate()
        try PageRequest(size: 100).validate()
        #expect(throws: ValidationError.self) { try PageRequest(size: 0).validate() }
        #expect(throws: ValidationError.self) { try PageRequest(size: 101).validate() }
    }

    @Test("The next request carries the page's cursor, and there is none after the last page")
    func nextRequest() {
        let request = PageRequest.first(2)
        let middle = Page(items: [1, 2], nextCursor: Cursor(rawValue: "c"))
        let last = Page(items: [3], nextCursor: nil)
        #expect(request.next(after: middle) == PageRequest(size: 2, cursor: Cursor(rawValue: "c")))
        #expect(request.next(after: last) == nil)
    }
}
