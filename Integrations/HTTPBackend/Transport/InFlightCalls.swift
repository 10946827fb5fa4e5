import Foundation

/// The attempts in flight, so `stop()` can answer them all and refuse new ones.
///
/// `@unchecked Sendable` is safe: `calls` and `isClosed` are read and written only while holding
/// `lock`.
final class InFlightCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [ObjectIdentifier: DataTaskCall] = [:]
    private var isClosed = false

    /// Tracks `call`; `false` once closed (the call must not start).
    func insert(_ call: DataTaskCall) -> Bool {
        lock.withLock {
            guard !isClosed else { return false }
            calls[ObjectIdentifier(call)] = call
            return true
        }
    }

    /// Stops tracking `call`.
    func remove(_ call: DataTaskCall) {
        _ = lock.withLock { calls.removeValue(forKey: ObjectIdentifier(call)) }
    }

    /// Answers every tracked call with `.cancelled` and refuses every later one.
    func close() {
        let all: [DataTaskCall] = lock.withLock {
            isClosed = true
            return Array(calls.values)
        }
        for call in all { call.cancel() }
    }
}
