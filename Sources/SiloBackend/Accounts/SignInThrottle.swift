import Foundation

/// Slows and then refuses repeated failed sign-ins to one account.
///
/// Each failure already costs a full password check. After `freeFailures` failures in a row the
/// account is locked: for 1 s after the next failure, doubling with each further one up to
/// `longestLock`. While locked, sign-in is refused (429 with `Retry-After`) without checking the
/// password, so guessing runs at no more than a few tries an hour. A success clears the count.
/// Kept in memory: a restart forgets the counts (the journal keeps what must survive). At most
/// `capacity` accounts are tracked; the least recently failed is forgotten first.
actor SignInThrottle {
    /// Failures allowed before the account locks.
    let freeFailures = 5
    /// The longest lock.
    let longestLock: Duration = .seconds(15 * 60)
    /// Accounts tracked at once.
    let capacity = 100_000

    private struct Record {
        var failures: Int
        var lockedUntil: Date?
        var lastFailure: Date
    }

    private var records: [String: Record] = [:]
    private let now: @Sendable () -> Date

    /// A throttle reading the time from `now` (the backend's clock, which tests control).
    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The whole seconds (rounded up, at least 1) `account` must wait before its next try, as
    /// `Retry-After` says them, or `nil` when it may try now.
    func retryAfter(for account: String) -> Int? {
        guard let until = records[account]?.lockedUntil else { return nil }
        let left = until.timeIntervalSince(now())
        return left > 0 ? max(1, Int(left.rounded(.up))) : nil
    }

    /// Counts a failed sign-in; locks the account once the free failures are used.
    func failed(_ account: String) {
        let now = now()
        var record = records[account] ?? Record(failures: 0, lockedUntil: nil, lastFailure: now)
        record.failures += 1
        record.lastFailure = now
        let extra = record.failures - freeFailures
        if extra >= 0 {
            let seconds = min(Double(1 << min(extra, 20)), Double(longestLock.components.seconds))
            record.lockedUntil = now.addingTimeInterval(seconds)
        }
        if records[account] == nil, records.count >= capacity,
            let oldest = records.min(by: { $0.value.lastFailure < $1.value.lastFailure })?.key
        {
            records[oldest] = nil
        }
        records[account] = record
    }

    /// Clears the count after a successful sign-in.
    func succeeded(_ account: String) {
        records[account] = nil
    }
}
