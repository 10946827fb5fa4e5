import Foundation
import IntegrationSupport

/// How a `MediaHostClient` authenticates, where it keeps uploaded bytes and how it simulates a
/// real host's latency, failures and processing time.
///
/// Its descriptions redact the API key, so printing or dumping a configuration never leaks it.
public struct MediaHostConfiguration: Sendable {
    /// The account's secret key; must not be empty or contain whitespace.
    public var apiKey: String
    /// The directory the host owns: uploaded bytes and in-progress uploads live here.
    public var storageDirectory: URL
    /// How long every call waits on `clock` before it is served.
    public var latency: Duration
    /// The probability (0...1) that a call is refused with `.serviceUnavailable`.
    public var requestFailureRate: Double
    /// The probability (0...1) that processing an upload ends `"errored"`.
    public var processingFailureRate: Double
    /// How many stored bytes the host processes per second of `wallClock` time.
    public var processingBytesPerSecond: Int64
    /// Processing time added to every upload whatever its size.
    public var minimumProcessingTime: Duration
    /// The size of the chunks uploads are copied in; memory use stays near this per upload.
    public var chunkSize: Int
    /// The seed of the host's random source: ids, injected failures and outcomes replay per seed.
    public var seed: UInt64
    /// The clock every call's latency is waited on; inject a manual clock in tests.
    public var clock: any Clock<Duration>
    /// The wall clock that stamps `HostedMedia.createdAt` and decides when processing ends; it
    /// keeps running while no client does, so processing continues across restarts.
    public var wallClock: @Sendable () -> Date
    /// The base of playback, thumbnail and rendition URLs.
    public var deliveryBaseURL: URL
    /// Makes a fresh SHA-256 for each upload.
    public var makeDigest: @Sendable () -> any MediaDigest
    /// For the contract checks of durability only: once it trips, nothing more reaches the
    /// storage directory, as if the process had died. `nil` outside tests.
    public var crashSwitch: CrashSwitch?

    /// The chunk size a configuration has unless given another: 128 KiB.
    public static let defaultChunkSize = 1 << 17

    /// Creates a configuration. Defaults: no latency, no failures, 2 s plus 1 s per 8 MiB of
    /// processing, `defaultChunkSize` chunks, a random seed and the system clocks.
    public init(
        apiKey: String,
        storageDirectory: URL,
        makeDigest: @escaping @Sendable () -> any MediaDigest,
        latency: Duration = .zero,
        requestFailureRate: Double = 0,
        processingFailureRate: Double = 0,
        processingBytesPerSecond: Int64 = 8 << 20,
        minimumProcessingTime: Duration = .seconds(2),
        chunkSize: Int = Self.defaultChunkSize,
        seed: UInt64 = UInt64.random(in: .min ... .max),
        clock: any Clock<Duration> = ContinuousClock(),
        wallClock: @escaping @Sendable () -> Date = Date.init,
        deliveryBaseURL: URL = URL(string: "https://stream.mediahost.example")!,
        crashSwitch: CrashSwitch? = nil
    ) {
        self.apiKey = apiKey
        self.storageDirectory = storageDirectory
        self.makeDigest = makeDigest
        self.latency = latency
        self.requestFailureRate = requestFailureRate
        self.processingFailureRate = processingFailureRate
        self.processingBytesPerSecond = processingBytesPerSecond
        self.minimumProcessingTime = minimumProcessingTime
        self.chunkSize = chunkSize
        self.seed = seed
        self.clock = clock
        self.wallClock = wallClock
        self.deliveryBaseURL = deliveryBaseURL
        self.crashSwitch = crashSwitch
    }

    /// How long processing `byteSize` bytes takes on `wallClock`.
    func processingTime(forByteSize byteSize: Int64) -> Duration {
        let perSecond = max(processingBytesPerSecond, 1)
        let whole = byteSize / perSecond
        let remainder = byteSize % perSecond
        return minimumProcessingTime + .seconds(whole) + .seconds(Double(remainder) / Double(perSecond))
    }
}

extension MediaHostConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The settings with the API key redacted.
    public var description: String {
        "MediaHostConfiguration(apiKey: <redacted>, storageDirectory: \(storageDirectory.path), "
            + "latency: \(latency), requestFailureRate: \(requestFailureRate), "
            + "processingFailureRate: \(processingFailureRate), "
            + "processingBytesPerSecond: \(processingBytesPerSecond), chunkSize: \(chunkSize), seed: \(seed))"
    }

    /// Same as `description`: the API key is redacted.
    public var debugDescription: String { description }

    /// A mirror without the API key, so `dump` cannot print it either.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "apiKey": "<redacted>",
                "storageDirectory": storageDirectory.path,
                "latency": latency,
                "requestFailureRate": requestFailureRate,
                "processingFailureRate": processingFailureRate,
                "processingBytesPerSecond": processingBytesPerSecond,
                "chunkSize": chunkSize,
                "seed": seed,
            ]
        )
    }
}
