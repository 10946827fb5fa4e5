import Foundation
import IntegrationSupport

/// One attempt of the socket transport: the exchange runs on a thread of its own (it blocks in
/// `poll(2)`, which must never happen on a thread of Swift's cooperative pool), and the caller is
/// answered by whichever comes first (`AttemptAnswer`): the exchange, the deadline on the
/// injected clock, or `cancel()`. The deadline and a cancel also ring the attempt's pipe, so the
/// thread stops waiting, closes its connection and ends.
final class SocketCall: CancellableCall {
    private let answer = AttemptAnswer()
    private let wake: WakeUpPipe

    /// A call woken through `wake`, which the exchange watches.
    init(wake: WakeUpPipe) {
        self.wake = wake
    }

    /// Runs `exchange` on a new thread and waits for its answer, the deadline (measured on
    /// `time`) or `cancel()`, whichever is first.
    func run(
        deadline: Duration, on time: ElapsedClock,
        exchange: @escaping @Sendable () -> Result<HTTPResponse, HTTPFailure>
    ) async -> Result<HTTPResponse, HTTPFailure> {
        let wake = wake
        return await answer.wait(deadline: deadline, on: time, abandon: { wake.signal() }) {
            let answer = answer
            Thread { answer.finish(exchange(), stoppingWork: false) }.start()
        }
    }

    /// Answers the caller with `.cancelled` now and wakes the exchange's thread.
    func cancel() {
        answer.finish(.failure(.cancelled), stoppingWork: true)
    }
}
