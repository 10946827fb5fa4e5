import Foundation
import IntegrationSupport

/// One attempt of the socket transport: the exchange runs on a thread of its own (it blocks in
/// `poll(2)`, which must never happen on a thread of Swift's cooperative pool), and the caller is
/// answered by whichever comes first: the exchange, the deadline on the injected clock, or
/// `cancel()`. The deadline and a cancel also ring the attempt's pipe, so the thread stops waiting,
/// closes its connection and ends.
///
/// `@unchecked Sendable` is safe: every stored `var` is read and written only while holding
/// `lock`, and the continuation is resumed outside it exactly once (the first `finish` takes it).
final class SocketCall: CancellableCall, @unchecked Sendable {
    private let lock = NSLock()
    private let wake: WakeUpPipe
    private var continuation: CheckedContinuation<Result<HTTPResponse, HTTPFailure>, Never>?
    private var outcome: Result<HTTPResponse, HTTPFailure>?
    private var deadlineTimer: Task<Void, Never>?

    /// A call woken through `wake`.
    init(wake: WakeUpPipe) {
        self.wake = wake
    }

    /// Runs `exchange` on a new thread and waits for its answer, the deadline (measured on
    /// `time`) or `cancel()`, whichever is first.
    func run(
        deadline: Duration, on time: ElapsedClock,
        exchange: @escaping @Sendable (WakeUpPipe) -> Result<HTTPResponse, HTTPFailure>
    ) async -> Result<HTTPResponse, HTTPFailure> {
        await withCheckedContinuation { continuation in
            let early: Result<HTTPResponse, HTTPFailure>? = lock.withLock {
                if let outcome { return outcome }
                self.continuation = continuation
                return nil
            }
            if let early {
                continuation.resume(returning: early)
                return
            }
            let timer = time.timer(after: deadline) { [weak self] in
                self?.finish(.failure(.timedOut(after: deadline)), wakeThread: true)
            }
            let finished = lock.withLock {
                deadlineTimer = timer
                return outcome != nil
            }
            if finished { timer.cancel() }
            let wake = wake
            let thread = Thread { [self] in finish(exchange(wake), wakeThread: false) }
            thread.start()
        }
    }

    /// Answers the caller with `.cancelled` now and wakes the exchange's thread.
    func cancel() {
        finish(.failure(.cancelled), wakeThread: true)
    }

    private func finish(_ result: Result<HTTPResponse, HTTPFailure>, wakeThread: Bool) {
        let (continuation, timer):
            (CheckedContinuation<Result<HTTPResponse, HTTPFailure>, Never>?, Task<Void, Never>?) =
                lock.withLock {
                    guard outcome == nil else { return (nil, nil) }
                    outcome = result
                    defer {
                        self.continuation = nil
                        deadlineTimer = nil
                    }
                    return (self.continuation, deadlineTimer)
                }
        timer?.cancel()
        continuation?.resume(returning: result)
        if wakeThread && continuation != nil { wake.signal() }
    }
}
