extension Duration {
    /// The duration in whole milliseconds, rounded to the nearest millisecond, saturating at
    /// `Int64.min` / `Int64.max` instead of overflowing (a duration of 300 million years).
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let fraction = Int64((Double(attoseconds) / 1e15).rounded())
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (total, sumOverflow) = milliseconds.addingReportingOverflow(fraction)
        guard !sumOverflow else { return milliseconds < 0 ? .min : .max }
        return total
    }

    /// This duration with its sub-millisecond part rounded away: the precision every store keeps.
    public var roundedToMilliseconds: Duration {
        .milliseconds(wholeMilliseconds)
    }
}
