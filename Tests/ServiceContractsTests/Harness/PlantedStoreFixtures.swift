import Foundation
import IntegrationSupport
import Models
import ServiceContracts
import Services
import TestSupport

/// Fixtures over the planted store, remote and host: what the durability, freshness, running time
/// and format checks run against when a defect is planted.
enum PlantedStoreFixtures {
    static let storeCapabilities: Set<ContractCapability> = [.crashRecovery, .unreadableStore, .documentedFormat]

    /// The documented store sample, as every store fixture declares it.
    static func storeSample() throws -> FormatSample {
        FormatSample(
            name: "Docs/Formats/json-file-store.json",
            contents: try FormatSample.contents(of: "Docs/Formats/json-file-store.json"),
            users: DocumentedStoreModels.users, posts: DocumentedStoreModels.posts, videos: DocumentedStoreModels.videos
        )
    }

    /// A subject over a planted file store with `flaw`, made by `make` from its services.
    static func store<Subject: ContractSubject>(
        _ flaw: StoreFlaw,
        _ make: @escaping @Sendable (PlantedStoreServices, SubjectHooks<Subject>) -> Subject
    ) -> ContractFixture<Subject> {
        ContractFixture(integration: "Planted store (\(flaw))", capabilities: storeCapabilities) { _ in
            let directory = try TemporaryDirectory(prefix: "planted-store")
            return try await subject(in: directory, flaw: flaw, make)
        }
    }

    private static func subject<Subject: ContractSubject>(
        in directory: TemporaryDirectory,
        flaw: StoreFlaw,
        _ make: @escaping @Sendable (PlantedStoreServices, SubjectHooks<Subject>) -> Subject
    ) async throws -> Subject {
        let file = directory.file(named: "store.json")
        let store = try await PlantedFileStore.open(file: file, flaw: flaw)
        let hooks = SubjectHooks<Subject>(
            tearDown: { withExtendedLifetime(directory) {} },
            crash: CrashHooks(
                arm: { store.crashSwitch.arm() },
                hasCrashed: { store.crashSwitch.hasCrashed },
                recover: {
                    store.crashSwitch.crashNow()
                    return try await subject(in: directory, flaw: flaw, make)
                }),
            format: FormatHooks(
                sample: try storeSample(),
                openSample: {
                    let sampleDirectory = try TemporaryDirectory(prefix: "planted-sample")
                    try storeSample().contents.write(to: sampleDirectory.file(named: "store.json"))
                    return try await subject(in: sampleDirectory, flaw: flaw, make)
                },
                document: { try Data(contentsOf: file) },
                shape: { document, service in
                    try JSONShape.lines(of: document, under: service.rawValue)
                }),
            unreadableStart: {
                return try await UnreadableStart.attempt(on: file) {
                    _ = try await PlantedFileStore.open(file: file, flaw: flaw)
                }
            })
        return make(PlantedStoreServices(store: store), hooks)
    }

    static func storePosts(_ flaw: StoreFlaw) -> ContractFixture<PostServiceSubject> {
        store(flaw) {
            PostServiceSubject(
                posts: $0,
                users: $0,
                library: $0,  // part of: library
                hooks: $1)
        }
    }

    static func storeUsers(_ flaw: StoreFlaw) -> ContractFixture<UserServiceSubject> {
        store(flaw) { UserServiceSubject(users: $0, hooks: $1) }
    }

    // begin part of: library
    static func storeLibrary(_ flaw: StoreFlaw) -> ContractFixture<VideoLibraryServiceSubject> {
        store(flaw) { VideoLibraryServiceSubject(library: $0, feed: ($0, $0), hooks: $1) }
    }
    // end part of: library

    /// A subject over a planted remote whose reads can be held.
    static func remote<Subject: ContractSubject>(
        sharesAcrossWrites: Bool,
        _ make: @escaping @Sendable (PlantedRemoteServices, SubjectHooks<Subject>) -> Subject
    ) -> ContractFixture<Subject> {
        ContractFixture(
            integration: "Planted remote (\(sharesAcrossWrites ? "reads join across writes" : "none"))",
            capabilities: [.heldReads]
        ) { _ in
            let remote = PlantedRemote(sharesAcrossWrites: sharesAcrossWrites)
            return make(PlantedRemoteServices(remote: remote), SubjectHooks(heldReads: remote.heldReads))
        }
    }

    // begin part of: hosting
    /// A subject over a planted host with `flaw`.
    static func host(_ flaw: HostFlaw) -> ContractFixture<VideoHostingServiceSubject> {
        ContractFixture(
            integration: "Planted host (\(flaw))",
            capabilities: [.crashRecovery, .knownDuration, .controlledClock, .documentedFormat]
        ) { _ in
            try hostSubject(in: try TemporaryDirectory(prefix: "planted-host"), clock: ManualClock(), flaw: flaw)
        }
    }

    private static func hostSubject(
        in directory: TemporaryDirectory, clock: ManualClock, flaw: HostFlaw
    ) throws -> VideoHostingServiceSubject {
        let host = PlantedHost(directory: directory.url, flaw: flaw, clock: clock)
        let sample = "Docs/Formats/mock-video-host-record.json"
        let sampleVideo = Video(
            id: "med_00c0ffee00c0ffee", ownerID: "1ddddd46-4385-45b2-8efb-00118c80ee79", title: "Launch",
            duration: .milliseconds(2_469),
            status: .ready(
                playbackURL: URL(string: "https://stream.mediahost.example/med_00c0ffee00c0ffee/manifest.m3u8")!),
            createdAt: Date(millisecondsSince1970: 1_699_999_800_250))
        let recover: @Sendable () async throws -> VideoHostingServiceSubject = {
            host.crashSwitch.crashNow()
            return try hostSubject(in: directory, clock: clock, flaw: flaw)
        }
        let openSample: @Sendable () async throws -> VideoHostingServiceSubject = {
            let sampleDirectory = try TemporaryDirectory(prefix: "planted-host-sample")
            try FormatSample.contents(of: sample).write(to: sampleDirectory.file(named: "med_00c0ffee00c0ffee.json"))
            return try hostSubject(in: sampleDirectory, clock: ManualClock(), flaw: flaw)
        }
        let document: @Sendable () async throws -> Data = {
            let records = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            let name = records.first { $0.hasSuffix(".json") } ?? "no record written.json"
            return try Data(contentsOf: directory.file(named: name))
        }
        let format = FormatHooks<VideoHostingServiceSubject>(
            sample: FormatSample(name: sample, contents: try FormatSample.contents(of: sample), videos: [sampleVideo]),
            openSample: openSample, document: document, shape: { document, _ in try JSONShape.lines(of: document) })
        let crash = CrashHooks<VideoHostingServiceSubject>(
            arm: { host.crashSwitch.arm() }, hasCrashed: { host.crashSwitch.hasCrashed }, recover: recover)
        return VideoHostingServiceSubject(
            hosting: host,
            advanceClock: { clock.advance(by: $0) },
            expectedDuration: { .milliseconds($0 * 8_000 / 4_000_000) },
            hooks: SubjectHooks(tearDown: { withExtendedLifetime(directory) {} }, crash: crash, format: format))
    }
    // end part of: hosting
}
