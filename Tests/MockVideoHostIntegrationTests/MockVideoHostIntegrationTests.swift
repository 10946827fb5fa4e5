import Dispatch
import Foundation
import IntegrationSupport
import MockVideoHostIntegration
import Models
import Services
import TestSupport
import Testing

@Suite("Mock video host: integration lifecycle")
struct MockVideoHostIntegrationTests {
    @Test("Mock video host: start creates the storage directory and reports healthy")
    func startCreatesDirectory() async throws {
        // Given a host that has not started
        let harness = try await MockVideoHostHarness(started: false)
        #expect(await harness.host.health() == .notStarted)

        // When it starts
        try await harness.host.start()

        // Then its directory exists and it is healthy
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: harness.storageDirectory.path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        #expect(await harness.host.health() == .healthy)
    }

    @Test("Mock video host: a file in place of the storage directory stops start with corrupt data naming it")
    func fileInTheWay() async throws {
        // Given a file where the storage directory should be
        let harness = try await MockVideoHostHarness(started: false)
        let contents = Data("not a directory".utf8)
        try contents.write(to: harness.storageDirectory)

        // When starting
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in try await harness.host.start() }

        // Then the error names the path, the file is untouched and the host reports the failure
        #expect(error?.description.contains(harness.storageDirectory.path) == true)
        #expect(try Data(contentsOf: harness.storageDirectory) == contents)
        #expect(await harness.host.health().isServing == false)
    }

    @Test("Mock video host: calls before start give unavailable")
    func callsBeforeStart() async throws {
        // Given a host that has not started / When asking for a video / Then
        let harness = try await MockVideoHostHarness(started: false)
        await expectServiceError(.unavailable) { () throws(ServiceError) in
            try await harness.service.hostedVideo(id: "med_0")
        }
    }

    @Test("Mock video host: a malformed API key stops start with unauthorized")
    func malformedAPIKey() async throws {
        // Given a host configured with an empty key
        let directory = try TemporaryDirectory(prefix: "mockhost-key")
        let host = MockVideoHostIntegration(configuration: .init(storageDirectory: directory.url, apiKey: Secret("")))

        // When starting / Then
        await expectServiceError(.unauthorized) { () throws(ServiceError) in try await host.start() }
    }

    @Test("Mock video host: printing or dumping the configuration never shows the API key")
    func configurationRedactsAPIKey() {
        // Given a configuration with a recognisable key
        let configuration = MockVideoHostIntegration.Configuration(apiKey: Secret("sk_live_SECRET123"))

        // When printing and dumping it
        var dumped = ""
        dump(configuration, to: &dumped)
        let printed = ["\(configuration)", String(reflecting: configuration), dumped]

        // Then the key appears nowhere
        for text in printed {
            #expect(!text.contains("SECRET123"), "\(text)")
        }
    }

    @Test("Mock video host: stop cancels an upload in progress and removes its partial file")
    func stopCancelsUploads() async throws {
        // Given an upload paused inside its first progress report, on a thread of its own (the
        // pause blocks that thread, never one of the cooperative pool)
        let harness = try await MockVideoHostHarness()
        let file = try harness.sampleFile(byteCount: 8 * 1_048_576)
        let gate = ProgressGate()
        let uploader = ThreadExecutor(name: "paused upload")
        defer { uploader.shutDown() }
        let upload = Task(executorPreference: uploader) { () async throws(ServiceError) -> HostedVideo in
            try await harness.service.upload(VideoUpload(fileURL: file, title: "Stopped", ownerID: "u1")) { _ in
                gate.pauseOnFirstReport()
            }
        }
        defer { gate.resume() }
        try await gate.waitUntilPaused()

        // When the host stops (it refuses calls once it has marked the upload cancelled)
        let stop = Task { await harness.host.stop() }
        try await HangGuard.run("the host refusing calls once it stops") {
            while true {
                try Task.checkCancellation()
                do throws(ServiceError) {
                    _ = try await harness.service.hostedVideo(id: "med_0")
                } catch  where error.kind == .unavailable {
                    return
                } catch {}
                await Task.yield()
            }
        }
        gate.resume()
        await stop.value

        // Then the upload was cancelled, nothing is stored and the host reports stopped
        let result = await upload.result
        #expect(throws: ServiceError.cancelled) { try result.get() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.storageDirectory.path).isEmpty)
        #expect(await harness.host.health() == .stopped)
    }
}

/// Holds an upload inside its first progress report until the test resumes it.
///
/// Progress callbacks are synchronous, so the pause blocks the uploading thread; the test runs the
/// upload on a `ThreadExecutor`, so that thread is one of its own and the pool keeps both threads.
private final class ProgressGate: Sendable {
    private let paused = AwaitableState(false)
    private let released = Locked(false)
    private let condition = NSCondition()

    func pauseOnFirstReport() {
        let isFirst = paused.update { wasPaused in
            defer { wasPaused = true }
            return !wasPaused
        }
        guard isFirst else { return }
        condition.lock()
        while !released.current { condition.wait() }
        condition.unlock()
    }

    func waitUntilPaused() async throws {
        try await paused.wait { $0 }
    }

    func resume() {
        condition.lock()
        released.withLock { $0 = true }
        condition.broadcast()
        condition.unlock()
    }
}
