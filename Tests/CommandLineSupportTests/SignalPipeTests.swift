import CommandLineSupport
import Foundation
import TestSupport
import Testing

@Suite("Signals as ordinary calls")
struct SignalPipeTests {
    @Test("each signal sent to the process arrives as one call, with how many came so far")
    func deliversEachSignal() async throws {
        // Given SIGUSR1 (nothing else in the test process uses it) delivered through a pipe
        let (calls, delivered) = AsyncStream.makeStream(of: [Int32].self)
        SignalPipe.install([SIGUSR1]) { signal, count in delivered.yield([signal, Int32(count)]) }

        // When the process gets it twice, the second time once the first has arrived
        let seen = try await HangGuard.run("two SIGUSR1 calls") {
            var seen: [[Int32]] = []
            kill(getpid(), SIGUSR1)
            for await call in calls {
                seen.append(call)
                guard seen.count == 1 else { break }
                kill(getpid(), SIGUSR1)
            }
            return seen
        }

        // Then each came as its own call, counted
        #expect(seen == [[SIGUSR1, 1], [SIGUSR1, 2]])
    }
}
