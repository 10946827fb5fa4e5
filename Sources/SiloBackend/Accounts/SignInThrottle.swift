import Foundation

/// Slows and then refuses repeated failed sign-ins to one account.
///
/// Each failure already costs a full password check. After `freeFailures` failures in a row the
/// account is locked: for 1 s after the next failure, doubling with each further one up to
/// `longestLock`. While locked, sign-in is refused (429 with `Retry-After`) without checking the
/// password, so guessing runs at no more than a few tries an hour. A success clears the count.
/// Tries made at once get no more guesses than tries made one after another: a try in flight
/// counts as a failure that may come (`take(_:)`).
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
    /// Tries taken and not yet ended, by account.
    private var inFlight: [String: Int] = [:]
    private let now: @Sendable () -> Date

    /// A throttle reading the time from `now` (the backend's clock, which tests control).
    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// Takes a try at `account`'s password: `nil` when the password may be checked now (the try is
    /// then in flight until `failed`, `succeeded` or `abandoned`), else the whole seconds to wait,
    /// as `Retry-After` says them.
    ///
    /// While tries are in flight, a further one is taken only if the failures so far and every
    /// try in flight failing would not lock the account; else it waits a second: guesses sent at
    /// once would otherwise all pass the lock's check before the first of them failed.
    func take(_ account: String) -> Int? {
        if let wait = retryAfter(for: account) { return wait }
        let pending = inFlight[account, default: 0]
        if pending > 0, (records[account]?.failures ?? 0) + pending >= freeFailures { return 1 }
        inFlight[account] = pending + 1
        return nil
    }

    /// Ends a try that checked no password (the store failed first): it counts for nothing.
    func abandoned(_ account: String) {
        let pending = inFlight[account, default: 0] - 1
        inFlight[account] = pending > 0 ? pending : nil
    }

    /// The whole seconds (rounded up, at least 1) `account` must wait before its next try, as
    /// `Retry-After` says them, or `nil` when it may try now.
    private func retryAfter(for account: String) -> Int? {
        guard let until = records[account]?.lockedUntil else { return nil }
        let left = until.timeIntervalSince(now())
        return left > 0 ? max(1, Int(left.rounded(.up))) : nil
    }

    /// Ends a try as a failed sign-in; locks the account once the free failures are used.
    func failed(_ account: String) {
        abandoned(account)
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

    /// Ends a try as a successful sign-in, and clears the count.
    func succeeded(_ account: String) {
        abandoned(account)
        records[account] = nil
    }
}
