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

    @Test(
        "across the years 1 to 9999 every date reads back exactly, and from 1583 on it is written as Foundation's calendar says"
    )
    func agreesWithFoundation() throws {
        // Given dates spread over the whole range, and the edges of it
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601WithMilliseconds
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithMilliseconds
        let style = Date.ISO8601FormatStyle(timeZone: .gmt)
        let (first, last) = (DateRules.earliest.millisecondsSince1970, DateRules.latest.millisecondsSince1970)
        var generator = SystemRandomNumberGenerator()
        let edges: [Int64] = [first, last, 0, -1, 951_782_400_000, 4_107_542_400_000 - 1]
        let samples = edges + (0..<5_000).map { _ in Int64.random(in: first...last, using: &generator) }

        for milliseconds in samples {
            // When each is written and read
            let date = Date(millisecondsSince1970: milliseconds)
            let data = try encoder.encode(Stamp(at: date))
            let text = try JSONDecoder().decode([String: String].self, from: data)["at"] ?? ""

            // Then it reads back, and the text is Foundation's for the same second, with the milliseconds;
            // Foundation counts days before October 1582 in the Julian calendar, ISO 8601 in the
            // Gregorian one, so earlier dates are compared by reading back only
            #expect(try decoder.decode(Stamp.self, from: data).at == date, "\(milliseconds): \(text)")
            #expect(text.count == 24, "\(milliseconds): \(text)")
            guard milliseconds >= Self.year1583 else { continue }
            let seconds = milliseconds >= 0 ? milliseconds / 1_000 : (milliseconds - 999) / 1_000
            let expected = Date(timeIntervalSince1970: Double(seconds)).formatted(style).dropLast()
            #expect(text.hasPrefix(expected), "\(milliseconds): \(text), Foundation: \(expected)")
        }
    }

    /// 1583-01-01T00:00:00Z: from here on every calendar agrees.
    static let year1583: Int64 = -12_212_553_600_000

    @Test("the first day of year 1 is the Gregorian one, and reads and writes as itself")
    func yearOne() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithMilliseconds
        let read = try decoder.decode(Stamp.self, from: Data(#"{"at":"0001-01-01T00:00:00Z"}"#.utf8)).at
        #expect(read == DateRules.earliest)
    }

    @Test("leap days exist in leap years only, and fractions of any length round to milliseconds")
    func calendarEdges() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithMilliseconds
        func read(_ text: String) throws -> Int64 {
            try decoder.decode(Stamp.self, from: Data(#"{"at":"\#(text)"}"#.utf8)).at.millisecondsSince1970
        }
        #expect(try read("2000-02-29T00:00:00Z") == 951_782_400_000)
        #expect(try read("2024-02-29T12:00:00.5Z") == 1_709_208_000_500)
        #expect(try read("2024-02-29T12:00:00.12345Z") == 1_709_208_000_123)
        #expect(try read("2024-02-29T12:00:00.12355Z") == 1_709_208_000_124)
        for impossible in [
            "1900-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2024-02-29T12:00:00.Z", "2024-13-01T00:00:00Z",
        ] {
            #expect(throws: DecodingError.self, "\(impossible)") {
                try decoder.decode(Stamp.self, from: Data(#"{"at":"\#(impossible)"}"#.utf8))
            }
        }
    }
}
