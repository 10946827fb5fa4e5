import Foundation
import IntegrationSupport

extension OfflineFirstIntegration {
    /// How the integration times its work; every interval is injected, so tests can set them.
    public struct Configuration: Sendable {
        /// The clock that stamps posts made on this device.
        public var now: @Sendable () -> Date
        /// The clock retries and `Retry-After` waits are measured on: a manual one in tests.
        public var clock: any Clock<Duration>
        /// How long the server may hold one read of the change feed (its long-poll).
        public var longPollWait: Duration
        /// How long to wait before trying again when the server cannot be reached.
        public var retryInterval: Duration
        /// Who was last signed in, for when the server cannot say: a file, to outlive the process.
        public var signedInSlot: SignedInSlot
        /// Whether to sync in the background from `start()` (sending on every change, reading the
        /// change feed); off, sync happens only through `syncNow()`.
        public var syncsInBackground: Bool

        /// The defaults: the system clocks, 25 s long-polls, a retry every 5 s, background sync on.
        public init(
            now: @escaping @Sendable () -> Date = Date.init, clock: any Clock<Duration> = ContinuousClock(),
            longPollWait: Duration = .seconds(25),
            retryInterval: Duration = .seconds(5), syncsInBackground: Bool = true,
            signedInSlot: SignedInSlot = SignedInSlot()
        ) {
            self.signedInSlot = signedInSlot
            self.now = now
            self.clock = clock
            self.longPollWait = longPollWait
            self.retryInterval = retryInterval
            self.syncsInBackground = syncsInBackground
        }
    }
}
