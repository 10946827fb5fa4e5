import Foundation

/// An attempt in flight that `stop()` can answer at once.
protocol CancellableCall: AnyObject, Sendable {
    /// Answers the attempt's caller with `.cancelled` now and stops its work.
    func cancel()
}

/// The attempts in flight, so `stop()` can answer them all and refuse new ones.
///
/// `@unchecked Sendable` is safe: `calls` and `isClosed` are read and written only while holding
/// `lock`.
final class InFlightCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [ObjectIdentifier: any CancellableCall] = [:]
    private var isClosed = false

    /// Tracks `call`; `false` once closed (the call must not start).
    private func insert(_ call: any CancellableCall) -> Bool {
        lock.withLock {
            guard !isClosed else { return false }
            calls[ObjectIdentifier(call)] = call
            return true
        }
    }

    /// Stops tracking `call`.
    private func remove(_ call: any CancellableCall) {
        _ = lock.withLock { calls.removeValue(forKey: ObjectIdentifier(call)) }
    }

    /// Runs `call` (through `run`) as attempt number `attempt`, tracked while it lasts and
    /// cancelled with its caller.
    ///
    /// - Throws: what the call answered; a non-transient `.transport` failure once closed.
    func answer(
        _ call: any CancellableCall, attempt: Int, by run: () async -> Result<HTTPResponse, HTTPFailure>
    ) async throws(HTTPFailure) -> HTTPResponse {
        guard insert(call) else { throw .closed }
        defer { remove(call) }
        let result = await withTaskCancellationHandler {
            await run()
        } onCancel: {
            call.cancel()
        }
        var response = try result.get()
        response.attempt = attempt
        return response
    }

    /// Answers every tracked call with `.cancelled` and refuses every later one.
    func close() {
        let all: [any CancellableCall] = lock.withLock {
            isClosed = true
            return Array(calls.values)
        }
        for call in all { call.cancel() }
    }
}
