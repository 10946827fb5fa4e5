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

/// The ISO 8601 forms the strategies above write and read: `YYYY-MM-DDThh:mm:ss[.fraction]Z` in
/// UTC, for the years 1 to 9999 of the proleptic Gregorian calendar (`DateRules`).
///
/// Written and read here, digit by digit, from the integer milliseconds: Foundation's
/// `ISO8601FormatStyle` truncates the binary fraction (`.123` becomes `.122`) and costs tens of
/// microseconds a date, which made decoding dates half of a JSON store's start-up.
enum ISO8601Milliseconds {
    /// `2024-03-01T12:00:00.123Z`.
    static func format(_ date: Date) -> String {
        let milliseconds = date.millisecondsSince1970
        let (days, inDay) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        var bytes = [UInt8]()
        bytes.reserveCapacity(24)
        func append(_ value: Int64, digits: Int) {
            var divisor: Int64 = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        append(year, digits: 4)
        bytes.append(UInt8(ascii: "-"))
        append(month, digits: 2)
        bytes.append(UInt8(ascii: "-"))
        append(day, digits: 2)
        bytes.append(UInt8(ascii: "T"))
        append(inDay / 3_600_000, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(inDay / 60_000 % 60, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(inDay / 1_000 % 60, digits: 2)
        bytes.append(UInt8(ascii: "."))
        append(inDay % 1_000, digits: 3)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The date `text` spells in UTC (`Z`), with no or any number of fractional digits, rounded to
    /// whole milliseconds; `nil` for anything else: another form, a day or time that does not
    /// exist (`2023-02-29`, `24:00:00`, a leap second), a year outside 1 to 9999.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            // YYYY-MM-DDThh:mm:ss then Z, or . and at least one digit then Z.
            guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                bytes[bytes.count - 1] == UInt8(ascii: "Z"),
                let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
                let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
                (1...9_999).contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
                hour < 24, minute < 60, second < 60
            else { return nil }
            var tenthsOfMilliseconds: Int64 = 0
            if bytes.count > 20 {
                // A fraction: ".", digits, "Z"; the first four digits count, rounded to milliseconds.
                guard bytes[19] == UInt8(ascii: "."), bytes.count > 21 else { return nil }
                var scale: Int64 = 1_000
                for index in 20..<(bytes.count - 1) {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    tenthsOfMilliseconds += Int64(digit) * scale
                    scale /= 10
                }
            } else if bytes[19] != UInt8(ascii: "Z") {
                return nil
            }
            let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
            let milliseconds = seconds * 1_000 + (tenthsOfMilliseconds + 5) / 10
            // Rounding 23:59:59.9995 on the last day of 9999 would leave four-digit years.
            guard milliseconds < lastRepresentable else { return nil }
            return Date(millisecondsSince1970: milliseconds)
        }
    }

    /// 10000-01-01T00:00:00Z in milliseconds: dates must stay before it.
    private static let lastRepresentable: Int64 = 253_402_300_800_000

    /// The decimal number of the `count` ASCII digits at `start`, or `nil` when one is not a digit.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int64? {
        var value: Int64 = 0
        for index in start..<(start + count) {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
        }
        return value
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar.
    private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        // Counted in eras of 400 years from March 1st, so February's end is the year's end.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivision(shiftedYear, 400).quotient
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day of the day `days` after 1970-01-01 (the inverse of `days(year:month:day:)`).
    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `value` divided by `divisor` (positive), rounded toward negative infinity, with the remainder.
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }
}

extension Date {
    /// The date `text` spells as ISO 8601 in UTC (`2024-03-01T12:00:00.123Z`, any number of
    /// fractional digits or none), rounded to whole milliseconds; `nil` for anything else (see
    /// `JSONDecoder.DateDecodingStrategy.iso8601WithMilliseconds`, which reads the same).
    public init?(iso8601Milliseconds text: String) {
        guard let date = ISO8601Milliseconds.parse(text) else { return nil }
        self = date
    }
}
