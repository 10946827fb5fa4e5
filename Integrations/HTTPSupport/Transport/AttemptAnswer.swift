import Foundation
import IntegrationSupport

/// The one answer an attempt gives its caller: whichever comes first of what the attempt
/// produced, its deadline on the injected clock, or a cancel. Both transports' calls
/// (`DataTaskCall`, `SocketCall`) keep one; when the deadline or a cancel answers a caller that
/// was waiting, `abandon` stops the attempt's work (cancels the task, wakes the socket thread).
///
/// `@unchecked Sendable` is safe: every stored `var` is read and written only while holding
/// `lock`, and the continuation is resumed outside it exactly once (the first `finish` takes it).
final class AttemptAnswer: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<HTTPResponse, HTTPFailure>, Never>?
    private var outcome: Result<HTTPResponse, HTTPFailure>?
    private var deadlineTimer: Task<Void, Never>?
    private var abandon: (@Sendable () -> Void)?

    /// Waits for the answer: unless one came already (a cancel before the attempt began), it
    /// calls `start` to begin the attempt, whose work `abandon` stops, and sets the deadline.
    func wait(
        deadline: Duration, on time: ElapsedClock, abandon: @escaping @Sendable () -> Void, start: () -> Void
    ) async -> Result<HTTPResponse, HTTPFailure> {
        await withCheckedContinuation { continuation in
            let early: Result<HTTPResponse, HTTPFailure>? = lock.withLock {
                if let outcome { return outcome }
                self.continuation = continuation
                self.abandon = abandon
                return nil
            }
            if let early {
                continuation.resume(returning: early)
                return
            }
            let timer = time.timer(after: deadline) { [weak self] in
                self?.finish(.failure(.timedOut(after: deadline)), stoppingWork: true)
            }
            let finished = lock.withLock {
                deadlineTimer = timer
                return outcome != nil
            }
            if finished { timer.cancel() }
            start()
        }
    }

    /// Answers the caller with `result` unless it was answered already; `stoppingWork` when the
    /// attempt's work is still going (a cancel, a body over the limit) and must be stopped.
    func finish(_ result: Result<HTTPResponse, HTTPFailure>, stoppingWork: Bool) {
        let (continuation, timer, abandon):
            (
                CheckedContinuation<Result<HTTPResponse, HTTPFailure>, Never>?, Task<Void, Never>?,
                (@Sendable () -> Void)?
            ) = lock.withLock {
                guard outcome == nil else { return (nil, nil, nil) }
                outcome = result
                defer {
                    self.continuation = nil
                    deadlineTimer = nil
                    self.abandon = nil
                }
                return (self.continuation, deadlineTimer, self.abandon)
            }
        timer?.cancel()
        continuation?.resume(returning: result)
        if stoppingWork { abandon?() }
    }
}
