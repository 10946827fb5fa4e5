// scripts/remove-service deletes this file with the service it is part of: hosting
import Commands
import Features
import Foundation
import Models
import Services
import TestSupport
import Testing

@Suite("UploadVideo")
struct UploadVideoTests {
    /// Runs `command` in a task and drives the world's clock until it finishes.
    private func run(
        _ command: any Command<UploadVideo.Response>,
        in world: World,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Result<UploadVideo.Response, ServiceError> {
        let task = Task { await outcome(of: command) }
        let done = Locked(false)
        let watcher = Task {
            _ = await task.value
            done.withLock { $0 = true }
        }
        // Two sleepers while it waits: the host's processing, and the upload's deadline.
        await advance(world.clock, whenSleeping: 2, sourceLocation: sourceLocation) { done.current }
        await watcher.value
        return await task.value
    }

    @Test("uploads, saves, waits for processing and publishes the post")
    func uploadsAndPublishes() async throws {
        // Given
        let world = World(processingTime: .seconds(3))
        let owner = try await world.makeUser()
        let directory = try TemporaryDirectory()
        let file = try SampleFile.make(in: directory.url, byteCount: 200_000)
        let stages = Locked<[UploadVideo.Stage]>([])
        let request = UploadVideo.Request(fileURL: file, title: "Holiday", ownerID: owner.id, postText: "Look!") {
            stage in stages.withLock { $0.append(stage) }
        }

        // When
        let response = try await run(world.useCases.uploadVideo(request), in: world).get()

        // Then
        #expect(response.video.status.playbackURL != nil)
        #expect(try await world.library.video(id: response.video.id) == response.video)
        let post = try #require(response.post)
        #expect(post.videoID == response.video.id)
        #expect(post.text == "Look!")
        let uploading = stages.current.compactMap { stage -> UploadProgress? in
            if case .uploading(let progress) = stage { progress } else { nil }
        }
        #expect(uploading.last?.isComplete == true)
        #expect(stages.current.last.map { if case .processing = $0 { true } else { false } } == true)
    }

    @Test("without post text no post is published")
    func noPost() async throws {
        // Given
        let world = World()
        let owner = try await world.makeUser()
        let directory = try TemporaryDirectory()
        let file = try SampleFile.make(in: directory.url, byteCount: 1_000)

        // When
        let response = try await run(
            world.useCases.uploadVideo(.init(fileURL: file, title: "Clip", ownerID: owner.id)),
            in: world
        ).get()

        // Then
        #expect(response.post == nil)
        #expect(try await world.posts.feed(authorID: owner.id, page: .first(10)).items.isEmpty)
    }

    @Test("times out when processing outlasts the deadline, leaving the video in the library")
    func timesOut() async throws {
        // Given: processing takes an hour, the use case waits ten seconds
        let world = World(processingTime: .seconds(3_600), timeout: .seconds(10))
        let owner = try await world.makeUser()
        let directory = try TemporaryDirectory()
        let file = try SampleFile.make(in: directory.url, byteCount: 1_000)

        // When
        let result = await run(
            world.useCases.uploadVideo(.init(fileURL: file, title: "Long", ownerID: owner.id, postText: "x")),
            in: world
        )

        // Then
        guard case .failure(let error) = result else {
            Issue.record("Expected a timeout, got \(result)")
            return
        }
        #expect(error.kind == .timedOut)
        let saved = try await world.library.videos(ownerID: owner.id, page: .first(10)).items
        #expect(saved.map(\.status) == [.processing])
        #expect(try await world.posts.feed(authorID: owner.id, page: .first(10)).items.isEmpty)
        #expect(world.clock.sleeperCount == 0)
    }

    @Test("the wait for processing grows with the file's size")
    func waitScalesWithSize() async throws {
        // Given: processing takes 30 s; the wait is 10 s plus 1 s per MiB, and the file is 21 MiB
        let world = World(processingTime: .seconds(30), timeout: .seconds(10), perMebibyte: .seconds(1))
        let owner = try await world.makeUser()
        let directory = try TemporaryDirectory()
        let file = try SampleFile.make(in: directory.url, byteCount: 21 << 20)

        // When
        let response = try await run(
            world.useCases.uploadVideo(.init(fileURL: file, title: "Big", ownerID: owner.id)), in: world
        ).get()

        // Then it waited the 31 s it was given, long enough for the 30 s of processing
        #expect(response.video.status.playbackURL != nil, "\(response.video.status)")
    }

    @Test("a video the host fails to process is returned failed, saved so, and not published")
    func processingFails() async throws {
        // Given
        let world = World()
        let video = Video(id: "v1", ownerID: "u1", title: "Bad", status: .processing, createdAt: Date())
        var hosting = UnimplementedVideoHostingService()
        hosting.onUpload = { _, _ throws(ServiceError) in HostedVideo(video: video, byteCount: 1, sha256: "") }
        hosting.onProcessingUpdates = { _ in
            ServiceObservation { updates in
                var failed = video
                failed.status = .failed(reason: "unsupported codec")
                updates.yield(HostedVideo(video: failed, byteCount: 1, sha256: ""))
            }
        }
        let command = UploadVideo(
            request: .init(fileURL: URL(fileURLWithPath: "/unused"), title: "Bad", ownerID: "u1", postText: "x"),
            hosting: hosting,
            library: world.library,
            timing: world.timing()
        ) { _ in
            stubCommand { () -> PublishPost.Response in
                Issue.record("A failed video must not be published")
                throw ServiceError.cancelled
            }
        }

        // When
        let response = try await command.execute()

        // Then
        #expect(response.video.status == .failed(reason: "unsupported codec"))
        #expect(response.post == nil)
        #expect(try await world.library.video(id: "v1").status == .failed(reason: "unsupported codec"))
    }

    @Test("when saving to the library fails the hosted video is deleted")
    func saveFailureDeletesHosted() async throws {
        // Given
        let world = World()
        let owner = try await world.makeUser()
        let directory = try TemporaryDirectory()
        let file = try SampleFile.make(in: directory.url, byteCount: 1_000)
        var library = UnimplementedVideoLibraryService()
        library.onSave = { _ throws(ServiceError) in throw .unavailable(reason: "disk full", retryAfter: nil) }
        let command = UploadVideo(
            request: .init(fileURL: file, title: "Clip", ownerID: owner.id),
            hosting: world.hosting,
            library: library,
            timing: world.timing(),
            makePublishPost: world.useCases.publishPost
        )

        // When
        await expectServiceError(.unavailable) { () async throws(ServiceError) in try await command.execute() }

        // Then
        #expect(await world.hosting.storedVideoCount() == 0)
    }

    @Test("when the save fails because the caller was cancelled the hosted video is still deleted")
    func cancelledSaveStillDeletesHosted() async throws {
        // Given a host that, like a real SDK, refuses calls from a cancelled task
        let world = World()
        let owner = try await world.makeUser()
        let directory = try TemporaryDirectory()
        let file = try SampleFile.make(in: directory.url, byteCount: 1_000)
        let realHost = world.hosting
        var hosting = UnimplementedVideoHostingService()
        hosting.onUpload = { upload, progress throws(ServiceError) in
            try await realHost.upload(upload, progress: progress)
        }
        hosting.onDelete = { id throws(ServiceError) in
            try ServiceError.checkCancellation()
            try await realHost.delete(id: id)
        }
        var library = UnimplementedVideoLibraryService()
        library.onSave = { _ throws(ServiceError) in
            withUnsafeCurrentTask { $0?.cancel() }
            throw .cancelled
        }
        let command = UploadVideo(
            request: .init(fileURL: file, title: "Clip", ownerID: owner.id),
            hosting: hosting,
            library: library,
            timing: world.timing(),
            makePublishPost: world.useCases.publishPost
        )

        // When
        let result = await Task { () -> Result<UploadVideo.Response, ServiceError> in
            await outcome(of: command)
        }.value

        // Then
        #expect(throws: ServiceError.cancelled) { try result.get() }
        #expect(await world.hosting.storedVideoCount() == 0)
    }

    @Test("an invalid title fails before anything is uploaded")
    func invalidTitle() async {
        // Given: a host that fails the test when called
        let world = World()
        let command = UploadVideo(
            request: .init(fileURL: URL(fileURLWithPath: "/unused"), title: "  ", ownerID: "u1"),
            hosting: UnimplementedVideoHostingService(),
            library: UnimplementedVideoLibraryService(),
            timing: world.timing(),
            makePublishPost: world.useCases.publishPost
        )

        // When / Then
        await expectInvalidInput(field: "title") { () async throws(ServiceError) in try await command.execute() }
    }

    @Test("cancelling while waiting for processing throws cancelled and stops waiting")
    func cancelledWhileWaiting() async throws {
        // Given
        let world = World(processingTime: .seconds(3_600))
        let owner = try await world.makeUser()
        let directory = try TemporaryDirectory()
        let file = try SampleFile.make(in: directory.url, byteCount: 1_000)
        let command = world.useCases.uploadVideo(.init(fileURL: file, title: "Clip", ownerID: owner.id))
        let task = Task { await outcome(of: command) }
        await eventually("The upload never started waiting for processing") { world.clock.sleeperCount > 0 }

        // When
        task.cancel()

        // Then
        await expectServiceError(.cancelled) { () async throws(ServiceError) in try await task.value.get() }
        #expect(world.clock.sleeperCount == 0)
    }
}
