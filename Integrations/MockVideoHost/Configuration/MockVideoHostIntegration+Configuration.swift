import Foundation
import IntegrationSupport

extension MockVideoHostIntegration {
    /// Where the mock host keeps its bytes and how it simulates a real host.
    ///
    /// Printing or dumping a configuration never shows the API key.
    public struct Configuration: Sendable {
        /// The directory the host owns; created on start when missing.
        public var storageDirectory: URL
        /// The host account's API key; any non-empty string without whitespace is accepted. A
        /// `Secret`, so it never shows in a description, a dump or a log.
        public var apiKey: Secret
        /// How long every host call waits on `clock`.
        public var latency: Duration
        /// The probability (0...1) that a host call is refused as busy (`ServiceError.unavailable`).
        public var requestFailureRate: Double
        /// The probability (0...1) that processing an upload ends `.failed`.
        public var processingFailureRate: Double
        /// How many bytes the host processes per second of `clock` time (plus 2 s per video).
        public var processingBytesPerSecond: Int64
        /// The seed of the host's random source: media ids and injected failures replay per seed.
        public var seed: UInt64
        /// The clock that drives latency and processing; inject a manual clock in tests.
        public var clock: any Clock<Duration>
        /// The wall clock that stamps `Video.createdAt` of new uploads.
        public var now: @Sendable () -> Date
        /// For the contract checks of durability only: once it trips, nothing more reaches the
        /// storage directory, as if the process had died. `nil` outside tests.
        public var crashSwitch: CrashSwitch?

        /// Creates a configuration. The defaults keep data under `.silo/mock-video-host` in the
        /// working directory, with no latency, no failures, 8 MiB/s processing and the system clocks.
        public init(
            storageDirectory: URL = URL(fileURLWithPath: ".silo/mock-video-host", isDirectory: true),
            apiKey: Secret = Secret("mock-local-key"),
            latency: Duration = .zero,
            requestFailureRate: Double = 0,
            processingFailureRate: Double = 0,
            processingBytesPerSecond: Int64 = 8 << 20,
            seed: UInt64 = UInt64.random(in: .min ... .max),
            clock: any Clock<Duration> = ContinuousClock(),
            now: @escaping @Sendable () -> Date = Date.init,
            crashSwitch: CrashSwitch? = nil
        ) {
            self.storageDirectory = storageDirectory
            self.apiKey = apiKey
            self.latency = latency
            self.requestFailureRate = requestFailureRate
            self.processingFailureRate = processingFailureRate
            self.processingBytesPerSecond = processingBytesPerSecond
            self.seed = seed
            self.clock = clock
            self.now = now
            self.crashSwitch = crashSwitch
        }

        /// The SDK's configuration for these settings, with the app's SHA-256 as its digest.
        var clientConfiguration: MediaHostConfiguration {
            MediaHostConfiguration(
                apiKey: apiKey.reveal(),
                storageDirectory: storageDirectory,
                makeDigest: { SHA256Digest() },
                latency: latency,
                requestFailureRate: requestFailureRate,
                processingFailureRate: processingFailureRate,
                processingBytesPerSecond: processingBytesPerSecond,
                seed: seed,
                clock: clock,
                wallClock: now,
                crashSwitch: crashSwitch
            )
        }
    }
}

extension MockVideoHostIntegration.Configuration: CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The settings with the API key redacted.
    public var description: String {
        "MockVideoHostIntegration.Configuration(storageDirectory: \(storageDirectory.path), apiKey: <redacted>, "
            + "latency: \(latency), requestFailureRate: \(requestFailureRate), "
            + "processingFailureRate: \(processingFailureRate), "
            + "processingBytesPerSecond: \(processingBytesPerSecond), seed: \(seed))"
    }

    /// Same as `description`: the API key is redacted.
    public var debugDescription: String { description }

    /// A mirror without the API key, so `dump` cannot print it either.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "storageDirectory": storageDirectory.path,
                "apiKey": "<redacted>",
                "latency": latency,
                "requestFailureRate": requestFailureRate,
                "processingFailureRate": processingFailureRate,
                "processingBytesPerSecond": processingBytesPerSecond,
                "seed": seed,
            ]
        )
    }
}
