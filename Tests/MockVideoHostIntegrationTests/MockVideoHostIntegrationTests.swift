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
        // Given an upload paused inside its first progress report
        let harness = try await MockVideoHostHarness()
        let file = try harness.sampleFile(byteCount: 8 * 1_048_576)
        let gate = ProgressGate()
        let upload = Task { () async throws(ServiceError) -> HostedVideo in
            try await harness.service.upload(VideoUpload(fileURL: file, title: "Stopped", ownerID: "u1")) { _ in
                gate.pauseOnFirstReport()
            }
        }
        await gate.waitUntilPaused()

        // When the host stops (it refuses calls once it has marked the upload cancelled)
        let stop = Task { await harness.host.stop() }
        var attempts = 0
        var sawRefusal = false
        while !sawRefusal, attempts < 5_000 {
            do {
                _ = try await harness.service.hostedVideo(id: "med_0")
            } catch {
                sawRefusal = error.kind == .unavailable
            }
            attempts += 1
            // Sleep rather than yield: the paused upload holds one of the pool's threads.
            try await Task.sleep(for: .milliseconds(1))
        }
        gate.resume()
        await stop.value
        #expect(sawRefusal, "the stopping host never refused a call in \(attempts) attempts")

        // Then the upload was cancelled, nothing is stored and the host reports stopped
        let result = await upload.result
        #expect(throws: ServiceError.cancelled) { try result.get() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.storageDirectory.path).isEmpty)
        #expect(await harness.host.health() == .stopped)
    }
}

/// Holds an upload inside its first progress report until the test resumes it (at most 10 s).
///
/// Progress callbacks are synchronous, so the pause blocks the uploading thread on a semaphore;
/// the wait is bounded, and the test's own task runs on another thread of the pool meanwhile.
private final class ProgressGate: Sendable {
    private let state = Locked<(hasPaused: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))
    private let release = DispatchSemaphore(value: 0)

    func pauseOnFirstReport() {
        let (isFirst, waiter) = state.withLock { state in
            defer {
                state.hasPaused = true
                state.waiter = nil
            }
            return (!state.hasPaused, state.waiter)
        }
        guard isFirst else { return }
        waiter?.resume()
        _ = release.wait(timeout: .now() + .seconds(10))
    }

    func waitUntilPaused() async {
        await withCheckedContinuation { continuation in
            let alreadyPaused = state.withLock { state in
                if !state.hasPaused { state.waiter = continuation }
                return state.hasPaused
            }
            if alreadyPaused { continuation.resume() }
        }
    }

    func resume() {
        release.signal()
    }
}
