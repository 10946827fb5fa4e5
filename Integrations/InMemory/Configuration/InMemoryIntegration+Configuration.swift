import Foundation

extension InMemoryIntegration {
    /// How the in-memory integration stamps and simulates time.
    public struct Configuration: Sendable {
        /// The wall clock for `createdAt` of new posts, users and videos.
        public var now: @Sendable () -> Date
        /// The clock that drives simulated video processing; inject a manual clock in tests.
        public var clock: any Clock<Duration>
        /// How long processing takes for an upload of the given size in bytes.
        public var processingTime: @Sendable (Int64) -> Duration
        /// The running time reported, once processed, for an upload of the given size in bytes
        /// (a real host reads it from the file; the simulation derives it from the size).
        public var runningTime: @Sendable (Int64) -> Duration

        /// Creates a configuration; the defaults use the system clocks, take 2 s plus 1 s per MiB
        /// to process a video, and report a running time of one second per 500 KB (4 Mbit/s),
        /// to the millisecond.
        public init(
            now: @escaping @Sendable () -> Date = Date.init,
            clock: any Clock<Duration> = ContinuousClock(),
            processingTime: @escaping @Sendable (Int64) -> Duration = { bytes in
                .seconds(2) + .seconds(Double(bytes) / 1_048_576)
            },
            runningTime: @escaping @Sendable (Int64) -> Duration = { bytes in
                .milliseconds(bytes.multipliedReportingOverflow(by: 8).partialValue / 4_000)
            }
        ) {
            self.now = now
            self.clock = clock
            self.processingTime = processingTime
            self.runningTime = runningTime
        }
    }
}
