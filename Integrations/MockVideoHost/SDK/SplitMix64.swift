/// A small, fast, seedable random number generator (SplitMix64, Steele, Lea and Flood 2014).
///
/// The mock host draws media ids, injected failures and processing outcomes from it, so a given
/// seed replays the same run. Not for cryptography.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts the sequence at `seed`; equal seeds give equal sequences.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed value in `0..<1` with 53 bits of precision.
    mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Whether an event with probability `rate` (clamped to 0...1) happens on this draw.
    ///
    /// A rate of 0 never happens and a rate of 1 always does, whatever the draw.
    mutating func happens(withProbability rate: Double) -> Bool {
        nextUnitInterval() < min(max(rate, 0), 1)
    }
}
