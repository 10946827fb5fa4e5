extension Duration {
    /// The duration in whole milliseconds, rounded to the nearest millisecond.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let fraction = (Double(attoseconds) / 1e15).rounded()
        return seconds * 1000 + Int64(fraction)
    }

    /// This duration with its sub-millisecond part rounded away: the precision every store keeps.
    public var roundedToMilliseconds: Duration {
        .milliseconds(wholeMilliseconds)
    }
}
