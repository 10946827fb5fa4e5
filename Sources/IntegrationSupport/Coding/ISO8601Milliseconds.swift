import Foundation
import Models

extension JSONEncoder.DateEncodingStrategy {
    /// ISO 8601 in UTC with milliseconds, `2024-03-01T12:00:00.123Z`: readable in a file or a
    /// response, and exact for the millisecond precision every app model keeps.
    public static var iso8601WithMilliseconds: Self {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Milliseconds.format(date))
        }
    }
}

extension JSONDecoder.DateDecodingStrategy {
    /// Reads ISO 8601 dates with or without fractional seconds (`2024-03-01T12:00:00Z` and
    /// `...00.123Z`), rounded to whole milliseconds so a value written and read back compares equal.
    ///
    /// A string that is not such a date fails decoding with the key path and `"expected ISO 8601 date"`.
    public static var iso8601WithMilliseconds: Self {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601Milliseconds.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected ISO 8601 date, got \(text.debugDescription)")
            }
            return date
        }
    }
}

/// The ISO 8601 forms the strategies above write and read.
///
/// The millisecond part is written and read here, from the integer milliseconds: Foundation's
/// `ISO8601FormatStyle` with fractional seconds truncates the binary fraction (`.123` becomes `.122`).
enum ISO8601Milliseconds {
    static let wholeSeconds = Date.ISO8601FormatStyle(timeZone: .gmt)

    /// `2024-03-01T12:00:00.123Z`.
    static func format(_ date: Date) -> String {
        let milliseconds = date.millisecondsSince1970
        let seconds = milliseconds >= 0 ? milliseconds / 1_000 : (milliseconds - 999) / 1_000
        let fraction = String(milliseconds - seconds * 1_000)
        let whole = Date(timeIntervalSince1970: Double(seconds)).formatted(wholeSeconds)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
    }

    /// The date `text` spells in UTC (`Z`), with no or any number of fractional digits, rounded to
    /// whole milliseconds; `nil` for anything else.
    static func parse(_ text: String) -> Date? {
        guard text.hasSuffix("Z") else { return nil }
        guard let dot = text.firstIndex(of: ".") else {
            return strictWholeSeconds(text)
        }
        let digits = text[text.index(after: dot)..<text.index(before: text.endIndex)]
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            let base = strictWholeSeconds(String(text[..<dot]) + "Z")
        else { return nil }
        let padded = Array(digits.prefix(4)) + Array(repeating: "0", count: max(0, 4 - digits.count))
        guard let tenths = Int64(String(padded)) else { return nil }
        let milliseconds = base.millisecondsSince1970 + (tenths + 5) / 10
        // Rounding 23:59:59.9995 on the last day of 9999 would leave four-digit years.
        guard milliseconds < lastRepresentable else { return nil }
        return Date(millisecondsSince1970: milliseconds)
    }

    /// 10000-01-01T00:00:00Z in milliseconds: dates must stay before it.
    private static let lastRepresentable: Int64 = 253_402_300_800_000

    /// `text` (whole seconds, `Z`) when it names a real instant of the years 1 to 9999 (`DateRules`):
    /// exactly `YYYY-MM-DDThh:mm:ssZ`, so a five-digit year is refused (it could be stored but never
    /// read back by this parser), and the parser rolls over impossible dates (`2023-02-29` becomes
    /// March 1st, `24:00:00` the next day), so the parsed date must format back to exactly `text`.
    private static func strictWholeSeconds(_ text: String) -> Date? {
        guard text.utf8.count == 20, text.prefix(4).allSatisfy({ $0.isASCII && $0.isNumber }),
            let date = try? wholeSeconds.parse(text), date.formatted(wholeSeconds) == text,
            date >= DateRules.earliest
        else { return nil }
        return date.roundedToMilliseconds
    }
}
