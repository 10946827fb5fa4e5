import Foundation

extension Date {
    /// Whole milliseconds since 1970-01-01T00:00:00Z, rounded to the nearest millisecond.
    ///
    /// Every timestamp in the app models has millisecond precision, so a value written by one
    /// integration and read back by another compares equal.
    public var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
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
