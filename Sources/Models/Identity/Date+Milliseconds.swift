import Foundation

extension Date {
    /// Whole milliseconds since 1970-01-01T00:00:00Z, rounded to the nearest millisecond.
    ///
    /// Every timestamp in the app models has millisecond precision, so a value written by one
    /// integration and read back by another compares equal. Dates beyond what `Int64`
    /// milliseconds can hold (about 292 million years away) saturate instead of trapping.
    public var millisecondsSince1970: Int64 {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return milliseconds < 0 ? .min : .max }
        // 2^63 is exactly representable as a Double; anything at or beyond it does not fit.
        if milliseconds >= 9_223_372_036_854_775_808.0 { return .max }
        if milliseconds < -9_223_372_036_854_775_808.0 { return .min }
        return Int64(milliseconds)
    }

    /// Creates a date from whole milliseconds since 1970-01-01T00:00:00Z.
    public init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// This date with its sub-millisecond part rounded away: the precision every store keeps.
    public var roundedToMilliseconds: Date {
        Date(millisecondsSince1970: millisecondsSince1970)
    }
}
