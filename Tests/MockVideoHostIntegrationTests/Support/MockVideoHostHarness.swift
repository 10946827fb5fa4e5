import Foundation
import MockVideoHostIntegration
import TestSupport

/// A started mock video host on a manual clock, storing into a fresh temporary directory.
///
/// Keep the harness alive for as long as the test uses the host: the directory goes with it.
struct MockVideoHostHarness: Sendable {
    let clock = ManualClock()
    let directory: TemporaryDirectory
    let host: MockVideoHostIntegration

    /// The directory the host owns, inside `directory`.
    var storageDirectory: URL { directory.url.appendingPathComponent("host-storage", isDirectory: true) }

    /// The hosting service under test.
    var service: MockVideoHostingService { host.videoHostingService }

    /// Makes a host with the given settings; call `start()` yourself unless `started`.
    init(
        latency: Duration = .zero,
        requestFailureRate: Double = 0,
        processingFailureRate: Double = 0,
        seed: UInt64 = 42,
        started: Bool = true
    ) async throws {
        directory = try TemporaryDirectory(prefix: "mockhost")
        let configuration = MockVideoHostIntegration.Configuration(
            storageDirectory: directory.url.appendingPathComponent("host-storage", isDirectory: true),
            apiKey: "mh_test_key",
            latency: latency,
            requestFailureRate: requestFailureRate,
            processingFailureRate: processingFailureRate,
            seed: seed,
            clock: clock,
            now: { Date(timeIntervalSince1970: 1_700_000_000) }
        )
        host = MockVideoHostIntegration(configuration: configuration)
        if started { try await host.start() }
    }

    /// Files in the storage directory plus media in the host's index.
    func storedItemCount() async throws -> Int {
        try await service.storedItemCount()
    }

    /// A sample file of `byteCount` bytes outside the host's storage.
    func sampleFile(named name: String = "clip.mp4", byteCount: Int) throws -> URL {
        try SampleFile.make(in: directory.url, named: name, byteCount: byteCount)
    }
}
