import Foundation
import IntegrationSupport
import MockVideoHostIntegration
import Models
import ServiceContracts
import Services
import TestSupport

/// The fixture that runs the video hosting contract against a fresh, started mock host.
///
/// The host runs on a `ManualClock`, counts the files in its storage directory plus the media in
/// its index, can be told to fail processing through its sandbox control, and keeps what it hosts
/// on disk: reopening is stopping it and starting a new host on the same directory; a crash trips
/// the host's `CrashSwitch` (nothing more reaches the directory) and starts a new host on it.
enum MockVideoHostContractFixtures {
    static let hosting = ContractFixture<VideoHostingServiceSubject>(
        integration: "Mock video host",
        capabilities: [
            .controlledClock, .storageInspection, .failableProcessing, .reopen, .crashRecovery, .documentedFormat,
            .knownDuration,
        ]
    ) { _ in
        let crashSwitch = CrashSwitch()
        let harness = try await MockVideoHostHarness(crashSwitch: crashSwitch)
        return subject(harness.host, crashSwitch: crashSwitch, in: harness)
    }

    private static func subject(
        _ host: MockVideoHostIntegration, crashSwitch: CrashSwitch, in harness: MockVideoHostHarness
    ) -> VideoHostingServiceSubject {
        let service = host.videoHostingService
        return VideoHostingServiceSubject(
            hosting: service,
            advanceClock: { harness.clock.advance(by: $0) },
            storedItemCount: { try await service.storedItemCount() },
            failProcessing: { await service.simulateProcessingFailures(true) },
            expectedDuration: { byteCount in .milliseconds(byteCount * 8_000 / 4_000_000) },
            hooks: SubjectHooks(
                reopen: {
                    await host.stop()
                    return subject(try await harness.anotherHost(), crashSwitch: crashSwitch, in: harness)
                },
                tearDown: { await host.stop() },
                crash: CrashHooks(
                    arm: { crashSwitch.arm() },
                    hasCrashed: { crashSwitch.hasCrashed },
                    recover: {
                        crashSwitch.crashNow()
                        await host.stop()
                        let fresh = CrashSwitch()
                        return subject(
                            try await harness.anotherHost(crashSwitch: fresh), crashSwitch: fresh, in: harness)
                    }),
                format: FormatHooks(
                    sample: try! MockVideoHostFormatSample.make(),
                    openSample: {
                        let sampleHarness = try await MockVideoHostHarness(started: false)
                        try MockVideoHostFormatSample.install(in: sampleHarness.storageDirectory)
                        try await sampleHarness.host.start()
                        return VideoHostingServiceSubject(
                            hosting: sampleHarness.host.videoHostingService,
                            hooks: SubjectHooks(tearDown: { await sampleHarness.host.stop() }))
                    },
                    document: { try MockVideoHostFormatSample.newestRecord(in: harness.storageDirectory) },
                    shape: { document, _ in try JSONShape.lines(of: document) })
            )
        )
    }
}

/// The record `Docs/Integrations/MockVideoHost.md` shows (`Docs/Formats/mock-video-host-record.json`)
/// and the video a host holding it reports.
enum MockVideoHostFormatSample {
    static let path = "Docs/Formats/mock-video-host-record.json"
    static let mediaID = "med_00c0ffee00c0ffee"

    static func make() throws -> FormatSample {
        FormatSample(
            name: path, contents: try FormatSample.contents(of: path),
            videos: [
                Video(
                    id: Video.ID(mediaID), ownerID: "1ddddd46-4385-45b2-8efb-00118c80ee79", title: "Launch",
                    duration: .milliseconds(2_469),
                    status: .ready(
                        playbackURL: URL(string: "https://stream.mediahost.example/\(mediaID)/manifest.m3u8")!),
                    createdAt: Date(millisecondsSince1970: 1_699_999_800_250))
            ])
    }

    /// Puts the sample record in `directory`, as the host would have written it.
    static func install(in directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try make().contents.write(to: directory.appendingPathComponent("\(mediaID).json"))
    }

    /// The record the host wrote last in `directory`.
    static func newestRecord(in directory: URL) throws -> Data {
        let records = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        let dated = try records.map { ($0, try $0.resourceValues(forKeys: [.contentModificationDateKey])) }
        guard
            let newest = dated.max(by: {
                ($0.1.contentModificationDate ?? .distantPast) < ($1.1.contentModificationDate ?? .distantPast)
            })
        else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path + "/*.json"])
        }
        return try Data(contentsOf: newest.0)
    }
}
