/// Measures a block of work several times with `ContinuousClock` and reports the median, which is
/// less sensitive than the mean to a single slow repetition (scheduling, page faults).
struct Benchmark {
    var repetitions = 5
    var warmUp = true

    /// Runs `body` once to warm up (if enabled), then `repetitions` times, and returns the median.
    func median(_ body: () async throws -> Void) async rethrows -> Duration {
        let clock = ContinuousClock()
        if warmUp {
            try await body()
        }
        var samples: [Duration] = []
        for _ in 0..<max(1, repetitions) {
            samples.append(try await clock.measure { try await body() })
        }
        samples.sort()
        return samples[samples.count / 2]
    }
}

extension Duration {
    /// The duration in nanoseconds, as a floating-point number.
    var nanoseconds: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
    }

    /// The duration in milliseconds, as a floating-point number.
    var milliseconds: Double { nanoseconds / 1e6 }

    /// The duration in seconds, as a floating-point number.
    var inSeconds: Double { nanoseconds / 1e9 }
}

/// The value at `quantile` (0...1) of `sorted` (ascending, not empty): the nearest rank.
func percentile(_ sorted: [Double], _ quantile: Double) -> Double {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * quantile))]
}

/// The median of `samples` (not empty).
func median(_ samples: [Duration]) -> Duration {
    samples.sorted()[samples.count / 2]
}

/// Keeps the optimiser from deleting work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Formats `value` with `digits` digits after the decimal point.
func formatted(_ value: Double, digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if digits == 0, text.hasSuffix(".0") { text.removeLast(2) }
    return text
}
