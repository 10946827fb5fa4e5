// scripts/remove-service deletes this file with the service it is part of: hosting
import Commands
import Features
import Foundation
import Models
import Services
import TestSupport
import Testing

@MainActor
@Suite("UploadPresenter")
struct UploadPresenterTests {
    @Test("shows progress, processing, then the ready video with its post")
    func uploads() async throws {
        // Given
        let world = World(processingTime: .seconds(3))
        let owner = try await world.makeUser()
        let directory = try TemporaryDirectory()
        let file = try SampleFile.make(in: directory.url, byteCount: 300_000)
        let view = SpyUploadView()
        let presenter = UploadPresenter(
            view: view, ownerID: owner.id, runner: makeRunner(), makeUploadVideo: world.useCases.uploadVideo)

        // When
        presenter.upload(fileURL: file, title: "Holiday", publishAs: "Look!")
        await advance(world.clock, whenSleeping: 2) { !presenter.isUploading }
        await presenter.waitUntilIdle()

        // Then
        guard case .ready(let video, let post) = view.calls.last else {
            Issue.record("Expected a ready video, got \(view.calls)")
            return
        }
        #expect(video.status.playbackURL != nil)
        #expect(post?.videoID == video.id)
        let fractions = view.calls.compactMap { call -> Double? in
            if case .progress(let fraction) = call { fraction } else { nil }
        }
        #expect(fractions == fractions.sorted())
        #expect(fractions.allSatisfy { $0 > 0 && $0 <= 1 })
    }

    @Test("a video the host fails to process is shown as an error")
    func processingFails() async {
        // Given
        let view = SpyUploadView()
        var failed = Video(id: "v1", ownerID: "u1", title: "Bad", status: .processing, createdAt: Date())
        failed.status = .failed(reason: "unsupported codec")
        let presenter = UploadPresenter(view: view, ownerID: "u1", runner: makeRunner()) { _ in
            stubCommand(returning: UploadVideo.Response(video: failed, post: nil))
        }

        // When
        presenter.upload(fileURL: URL(fileURLWithPath: "/unused"), title: "Bad")
        await presenter.waitUntilIdle()

        // Then
        #expect(view.calls == [.error("The video could not be processed: unsupported codec")])
    }

    @Test("a timeout is shown as an error")
    func timeout() async {
        // Given
        let view = SpyUploadView()
        let presenter = UploadPresenter(view: view, ownerID: "u1", runner: makeRunner()) { _ in
            stubCommand { () throws -> UploadVideo.Response in
                throw ServiceError.timedOut(operation: "processing of video v1")
            }
        }

        // When
        presenter.upload(fileURL: URL(fileURLWithPath: "/unused"), title: "Slow")
        await presenter.waitUntilIdle()

        // Then
        #expect(view.calls == [.error("Timed out: processing of video v1")])
    }

    @Test("the request carries the owner, title and post text, and reports stages to the view")
    func forwardsStages() async {
        // Given
        let view = SpyUploadView()
        let video = Video(id: "v1", ownerID: "u1", title: "Clip", status: .processing, createdAt: Date())
        var requests: [UploadVideo.Request] = []
        let presenter = UploadPresenter(view: view, ownerID: "u1", runner: makeRunner()) { request in
            requests.append(request)
            return stubCommand { () -> UploadVideo.Response in
                request.onStage(.uploading(UploadProgress(bytesSent: 5, totalBytes: 10)))
                request.onStage(.uploading(UploadProgress(bytesSent: 10, totalBytes: 10)))
                request.onStage(.processing(video))
                return UploadVideo.Response(video: video, post: nil)
            }
        }

        // When
        presenter.upload(fileURL: URL(fileURLWithPath: "/tmp/clip.mp4"), title: "Clip", publishAs: "Hi")
        await presenter.waitUntilIdle()

        // Then
        #expect(requests.map(\.title) == ["Clip"])
        #expect(requests.map(\.postText) == ["Hi"])
        #expect(requests.map(\.ownerID) == ["u1"])
        #expect(view.calls.last == .ready(video, post: nil))
        #expect(view.calls.allSatisfy { if case .error = $0 { false } else { true } })
    }

    @Test("after didDisappear the upload is cancelled and never reaches the view")
    func cancelsOnDisappear() async throws {
        // Given
        let world = World(processingTime: .seconds(3_600))
        let owner = try await world.makeUser()
        let directory = try TemporaryDirectory()
        let file = try SampleFile.make(in: directory.url, byteCount: 1_000)
        let view = SpyUploadView()
        let presenter = UploadPresenter(
            view: view, ownerID: owner.id, runner: makeRunner(), makeUploadVideo: world.useCases.uploadVideo)
        presenter.upload(fileURL: file, title: "Clip")
        await eventually("The upload never started waiting for processing") { world.clock.sleeperCount > 0 }

        // When
        presenter.handle(.didDisappear)
        let callsAtDisappear = view.calls
        await eventually("The use case kept waiting after cancel") { world.clock.sleeperCount == 0 }
        for _ in 0..<50 { await Task.yield() }

        // Then
        #expect(view.calls == callsAtDisappear)
        #expect(!presenter.isUploading)
    }
}
