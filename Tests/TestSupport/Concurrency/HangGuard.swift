import Foundation

/// Turns a hang into a failure that names what never came.
///
/// Not a deadline any behaviour relies on: the waits it guards are for events (a line, an exit, a
/// value) that arrive in milliseconds to seconds even on a loaded machine. The guard exists only
/// so that a broken run fails with a message instead of holding CI until its own limit.
public enum HangGuard {
    /// How long a guarded wait may take before it counts as hung: five minutes, or the whole
    /// seconds in the environment variable `HANG_GUARD_SECONDS` when it holds a positive number.
    ///
    /// Every test of the suite runs at once and shares the pool's threads (two here), so a test's
    /// waits can last about as long as the whole run: 70 to 120 s for `swift test` with the cores
    /// loaded, which leaves room on a slower machine, and 280 to 350 s under ThreadSanitizer, whose
    /// script raises the limit. It is never a deadline a behaviour is meant to meet.
    public static let limit = limit(in: ProcessInfo.processInfo.environment)

    /// The limit `environment` asks for: `HANG_GUARD_SECONDS` when it is a positive whole number
    /// of seconds, else five minutes.
    public static func limit(in environment: [String: String]) -> Duration {
        guard let seconds = environment["HANG_GUARD_SECONDS"].flatMap({ Int($0) }), seconds > 0 else {
            return .seconds(300)
        }
        return .seconds(seconds)
    }

    /// A guarded wait that did not end within the limit.
    public struct Hang: Error, CustomStringConvertible {
        /// What was awaited.
        public let waitingFor: String
        /// The limit that passed.
        public let limit: Duration
        /// `"hung: … did not happen within 300 seconds"`.
        public var description: String { "hung: \(waitingFor) did not happen within \(limit)" }
    }

    /// Runs `operation`; when it has not finished within `limit`, cancels it and throws `Hang`
    /// at once, even if `operation` goes on (a thread blocked in a system call cannot be
    /// interrupted; it is left to end when its descriptor closes).
    public static func run<T: Sendable>(
        _ waitingFor: @autoclosure () -> String,
        limit: Duration = HangGuard.limit,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let description = waitingFor()
        let outcome = Locked<CheckedContinuation<T, any Error>?>(nil)
        let finish: @Sendable (Result<T, any Error>) -> Void = { result in
            let continuation = outcome.withLock { continuation in
                defer { continuation = nil }
                return continuation
            }
            continuation?.resume(with: result)
        }
        let work = Locked<Task<Void, Never>?>(nil)
        let timer = Locked<Task<Void, Never>?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.withLock { $0 = continuation }
                work.withLock {
                    $0 = Task {
                        do {
                            finish(.success(try await operation()))
                        } catch {
                            finish(.failure(error))
                        }
                        timer.current?.cancel()
                    }
                }
                timer.withLock {
                    $0 = Task {
                        guard (try? await Task.sleep(for: limit)) != nil else { return }
                        finish(.failure(Hang(waitingFor: description, limit: limit)))
                        work.current?.cancel()
                    }
                }
                // A cancellation that came before the continuation was stored found nothing to end.
                if Task.isCancelled { finish(.failure(CancellationError())) }
                // Settled before both tasks were stored (the work finished, or the caller was
                // cancelled): stop whichever is still running.
                if outcome.current == nil {
                    work.current?.cancel()
                    timer.current?.cancel()
                }
            }
        } onCancel: {
            work.current?.cancel()
            timer.current?.cancel()
            finish(.failure(CancellationError()))
        }
    }
}
