import Foundation

/// The dates the app stores: from the year 1 to the year 9999, to the millisecond, so every date
/// written as ISO 8601 (four-digit years) reads back, in a file, a database or a response.
public enum DateRules {
    /// 0001-01-01T00:00:00.000Z.
    public static let earliest = Date(millisecondsSince1970: -62_135_596_800_000)
    /// 9999-12-31T23:59:59.999Z.
    public static let latest = Date(millisecondsSince1970: 253_402_300_799_999)

    /// Returns `date` rounded to the millisecond, after checking it lies in the years 1 to 9999.
    ///
    /// - Throws: `ValidationError` for `field` when it does not.
    public static func validated(_ date: Date, field: String) throws(ValidationError) -> Date {
        let rounded = date.roundedToMilliseconds
        guard rounded >= earliest, rounded <= latest else {
            throw ValidationError(field: field, reason: "must be a date in the years 1 to 9999")
        }
        return rounded
    }
}
