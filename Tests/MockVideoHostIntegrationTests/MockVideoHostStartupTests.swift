import Foundation
import MockVideoHostIntegration
import Models
import Services
import TestSupport
import Testing

@Suite("Mock video host: start-up and restarts")
struct MockVideoHostStartupTests {
    @Test("an upload in another process survives this host starting, and completes")
    func uploadInAnotherProcessSurvivesStart() async throws {
        // Given another process paused in the middle of an upload into the storage directory
        let harness = try await MockVideoHostHarness(started: false)
        let file = try harness.sampleFile(byteCount: 4 << 20)
        let uploader = try RunningChild(
            try ChildProcess.executable(named: "MockVideoHostUploadFixture"),
            arguments: [harness.storageDirectory.path, file.path])
        defer { uploader.terminate() }
        try await uploader.waitForLine { $0 == "uploading" }
        let partials = try partialFiles(in: harness.storageDirectory)
        #expect(partials.count == 1)

        // When this process starts a host on the same directory
        try await harness.host.start()

        // Then the other upload's partial file is still there, and the upload completes whole
        #expect(try partialFiles(in: harness.storageDirectory) == partials)
        uploader.send("go")
        let done = try await uploader.waitForLine { $0.hasPrefix("done ") }.split(separator: " ")
        let status = try await uploader.waitForExit()
        #expect(status == 0, "\(uploader.errorOutput)")
        let hosted = try await harness.service.hostedVideo(id: Video.ID(String(done[1])))
        #expect(hosted.sha256 == String(done[2]))
        #expect(hosted.sha256 == (try SampleFile.sha256(of: file)))
    }

    @Test("start-up removes what a killed process left of its own naming, and nothing else")
    func startRemovesOnlyItsOwnAbandonedFiles() async throws {
        // Given a storage directory with leftovers of the host's own naming and things that are not its
        let harness = try await MockVideoHostHarness(started: false)
        let storage = harness.storageDirectory
        try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        let abandoned = [
            "med_0123456789abcdef.partial", "med_00000000000000aa.media", ".med_1.json.tmp-0123456789abcdef",
        ]
        for name in abandoned {
            try Data("left by a killed upload".utf8).write(to: storage.appendingPathComponent(name))
        }
        let foreign = ["notes.partial", "med_XYZ.partial", "med_0123456789abcdef.partial.txt", "clip.media"]
        for name in foreign { try Data("not the host's".utf8).write(to: storage.appendingPathComponent(name)) }
        let folder = storage.appendingPathComponent("x.partial", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try Data("inside".utf8).write(to: folder.appendingPathComponent("med_0123456789abcdee.partial"))
        try FileManager.default.createSymbolicLink(
            at: storage.appendingPathComponent("med_00000000000000bb.partial"),
            withDestinationURL: storage.appendingPathComponent("notes.partial"))

        // When the host starts
        try await harness.host.start()

        // Then only the abandoned files are gone; directories, links, their contents and foreign files stay
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: storage.path))
        #expect(left == Set(foreign + ["x.partial", "med_00000000000000bb.partial"]))
        #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("med_0123456789abcdee.partial").path))
    }

    @Test("a hosted video and its processing survive a restart of the host")
    func mediaSurviveRestart() async throws {
        // Given an uploaded video still processing
        let harness = try await MockVideoHostHarness()
        let file = try harness.sampleFile(byteCount: 200_000)
        let hosted = try await harness.service.upload(VideoUpload(fileURL: file, title: "Kept", ownerID: "u1")) { _ in }

        // When the host stops, time passes, and another host starts on the same directory
        await harness.host.stop()
        harness.clock.advance(by: .seconds(3_600))
        let restarted = try await harness.anotherHost()

        // Then the video is there, with the same fields, and processing has finished meanwhile
        let read = try await restarted.videoHostingService.hostedVideo(id: hosted.video.id)
        #expect(read.video.ownerID == hosted.video.ownerID && read.video.createdAt == hosted.video.createdAt)
        #expect(read.sha256 == hosted.sha256 && read.byteCount == hosted.byteCount)
        #expect(read.video.status.playbackURL != nil)
        await restarted.stop()
    }

    @Test(
        "a damaged media record is corrupt data naming the file, left unchanged",
        arguments: MediaRecordDamage.allCases
    )
    func damagedRecord(_ damage: MediaRecordDamage) async throws {
        // Given a hosted video whose processing has finished, and its record damaged
        let harness = try await MockVideoHostHarness()
        let file = try harness.sampleFile(byteCount: 50_000)
        let hosted = try await harness.service.upload(VideoUpload(fileURL: file, title: "Damaged", ownerID: "u1")) {
            _ in
        }
        harness.clock.advance(by: .seconds(3_600))
        let record = harness.storageDirectory.appendingPathComponent("\(hosted.video.id).json")
        let damaged = try damage.apply(to: Data(contentsOf: record))
        try damaged.write(to: record)

        // When the video is read, Then the answer is corrupt data naming the file, which stays as it was
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in
            try await harness.service.hostedVideo(id: hosted.video.id)
        }
        #expect(error.map { "\($0)".contains(record.path) } == true)
        #expect(try Data(contentsOf: record) == damaged)
    }

    private func partialFiles(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".partial") }.sorted()
    }
}
