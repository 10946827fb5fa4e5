import Models
import Services
import Testing

@Suite("ServiceError")
struct ServiceErrorTests {
    @Test("A validation error maps to invalid input with the same field and reason")
    func mapsValidation() {
        let error = ServiceError(ValidationError(field: "text", reason: "too long"))
        #expect(error == .invalidInput(field: "text", reason: "too long"))
        #expect(error.kind == .invalidInput)
        #expect(error.field == "text")
    }

    @Test("Every case has a kind and a one-line description naming its details")
    func descriptions() {
        let errors: [ServiceError] = [
            .notFound(what: "post 7"), .invalidInput(field: "handle", reason: "taken"), .conflict(reason: "dup"),
            .unauthorized(reason: "expired"), .unavailable(reason: "offline", retryAfter: .seconds(3)),
            .timedOut(operation: "upload"), .corruptData(location: "/tmp/x.db", reason: "not a database"), .cancelled,
            .forbidden(reason: "not the author"),
        ]
        #expect(Set(errors.map(\.kind)) == Set(ServiceError.Kind.allCases))
        for error in errors {
            #expect(!error.description.contains("\n"))
        }
        #expect(errors[4].description.contains("retry after"))
        #expect(errors[6].description.contains("/tmp/x.db"))
        #expect(errors[8].description == "Forbidden: not the author")
    }

    @Test("SHA256 gives the same digest however the input is chunked")
    func chunkedHashing() {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        var chunked = SHA256()
        var offset = 0
        for size in [1, 63, 64, 65, 1_000, 7] {
            chunked.update(bytes[offset..<offset + size])
            offset += size
        }
        chunked.update(bytes[offset...])
        #expect(chunked.finalize() == SHA256.hexDigest(of: bytes))
    }
}
