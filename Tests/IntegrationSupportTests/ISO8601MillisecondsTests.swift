import Foundation
import IntegrationSupport
import Models
import Testing

@Suite("ISO 8601 dates with milliseconds")
struct ISO8601MillisecondsTests {
    struct Stamp: Codable, Equatable {
        let at: Date
    }

    @Test("dates round-trip exactly at millisecond precision and read as ISO 8601 in UTC")
    func roundTrip() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601WithMilliseconds
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithMilliseconds
        for milliseconds: Int64 in [0, 1_709_294_400_123, 1_700_000_000_999, -1_000] {
            let stamp = Stamp(at: Date(millisecondsSince1970: milliseconds))
            let data = try encoder.encode(stamp)
            #expect(try decoder.decode(Stamp.self, from: data) == stamp)
        }
        let text = String(
            decoding: try encoder.encode(Stamp(at: Date(millisecondsSince1970: 1_709_294_400_123))), as: UTF8.self)
        #expect(text == #"{"at":"2024-03-01T12:00:00.123Z"}"#)
    }

    @Test("whole seconds are read, and a string that is not a date fails naming the expectation")
    func reading() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithMilliseconds
        #expect(
            try decoder.decode(Stamp.self, from: Data(#"{"at":"2024-03-01T12:00:00Z"}"#.utf8)).at
                == Date(millisecondsSince1970: 1_709_294_400_000))
        let error = #expect(throws: DecodingError.self) {
            try decoder.decode(Stamp.self, from: Data(#"{"at":"yesterday"}"#.utf8))
        }
        #expect("\(String(describing: error))".contains("expected ISO 8601 date"))
    }

    @Test(
        "impossible dates, and years outside 1 to 9999, are refused, not rolled over or stored unreadable",
        arguments: [
            "2023-02-29T00:00:00Z", "2024-04-31T12:00:00.000Z", "2024-03-01T24:00:00Z", "2024-03-01T23:59:60Z",
            "9999-12-31T23:59:59.9995Z", "10000-01-01T00:00:00Z", "10000-01-01T00:00:00.000Z", "0000-12-31T00:00:00Z",
            "+2024-03-01T12:00:00Z", "24-03-01T12:00:00Z",
        ])
    func impossibleDates(_ text: String) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithMilliseconds
        #expect(throws: DecodingError.self) {
            try decoder.decode(Stamp.self, from: Data(#"{"at":"\#(text)"}"#.utf8))
        }
    }
}
