import Foundation
import IntegrationSupport
import MockVideoHostIntegration
import TestSupport

/// A started mock video host on a manual clock, storing into a fresh temporary directory.
///
/// The host's wall clock starts at 2023-11-14T22:13:20Z and moves with the manual clock, so
/// advancing the clock advances processing, also for a host reopened on the same directory.
/// Keep the harness alive for as long as the test uses the host: the directory goes with it.
struct MockVideoHostHarness: Sendable {
    let clock = ManualClock()
    let directory: TemporaryDirectory
    let host: MockVideoHostIntegration
    let configuration: MockVideoHostIntegration.Configuration

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
        started: Bool = true,
        crashSwitch: CrashSwitch? = nil
    ) async throws {
        directory = try TemporaryDirectory(prefix: "mockhost")
        let configuration = MockVideoHostIntegration.Configuration(
            storageDirectory: directory.url.appendingPathComponent("host-storage", isDirectory: true),
            apiKey: Secret("mh_test_key"),
            latency: latency,
            requestFailureRate: requestFailureRate,
            processingFailureRate: processingFailureRate,
            seed: seed,
            clock: clock,
            now: { [clock] in
                Date(timeIntervalSince1970: 1_700_000_000).addingTimeInterval(
                    Double(clock.now.offset.wholeMilliseconds) / 1_000)
            },
            crashSwitch: crashSwitch
        )
        self.configuration = configuration
        host = MockVideoHostIntegration(configuration: configuration)
        if started { try await host.start() }
    }

    /// A second host on the same storage directory and clocks, started: another process, or this
    /// one after a restart.
    func anotherHost(crashSwitch: CrashSwitch? = nil) async throws -> MockVideoHostIntegration {
        var configuration = configuration
        if let crashSwitch { configuration.crashSwitch = crashSwitch }
        let host = MockVideoHostIntegration(configuration: configuration)
        try await host.start()
        return host
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
