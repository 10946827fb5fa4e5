import Foundation

/// Reads a `Retry-After` header: delay seconds (`120`) or an HTTP date.
enum RetryAfter {
    /// The longest wait a header is taken to ask for: a day. A longer one (a proxy's mistake, or a
    /// number too large for any clock) would stop a client that honours it for good.
    static let longest: Duration = .seconds(24 * 3600)

    /// The wait the header asks for, at most `longest`, or `nil` when it is absent or unreadable.
    static func parse(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        let longestSeconds = longest.components.seconds
        if value.allSatisfy(\.isASCIIDigit) {
            // Any run of digits is seconds; one too long for an `Int` is longer than a day too.
            return .seconds(Int64(value).map { min($0, longestSeconds) } ?? longestSeconds)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        let seconds = min(max(0, date.timeIntervalSince(now)), Double(longestSeconds))
        return .milliseconds(Int64(seconds * 1_000))
    }
}

extension Character {
    /// Whether this is one of `0` to `9`.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
