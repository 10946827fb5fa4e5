// scripts/remove-service deletes this file with the service it is part of: hosting
import Features
import Foundation
import Models
import Services
import TestSupport
import Testing

@Suite("LoadVideoLibraryPage with the host: videos left processing")
struct LoadVideoLibraryPageTests {
    @Test("a video left processing is shown and saved with the host's final status")
    func reconcilesFinishedProcessing() async throws {
        // Given a video the library still lists as processing, which the host has finished
        let world = World(processingTime: .seconds(3))
        let owner = try await world.makeUser()
        let directory = try TemporaryDirectory()
        let file = try SampleFile.make(in: directory.url, byteCount: 1_000)
        let hosted = try await world.hosting.upload(VideoUpload(fileURL: file, title: "Left", ownerID: owner.id)) { _ in
        }
        _ = try await world.library.save(hosted.video)
        world.clock.advance(by: .seconds(10))

        // When the library is listed
        let page = try await world.useCases.loadVideoLibraryPage(.init(ownerID: owner.id, pageSize: 10)).execute()

        // Then it shows the video ready, and the library now stores it so
        #expect(page.items.map(\.status.playbackURL).allSatisfy { $0 != nil }, "\(page.items)")
        let stored = try await world.library.video(id: hosted.video.id)
        #expect(stored == page.items.first)
    }

    @Test("a video the host no longer has is saved as failed, saying so")
    func reconcilesVanishedVideo() async throws {
        let world = World()
        let owner = try await world.makeUser()
        let orphan = Video(id: "gone", ownerID: owner.id, title: "Gone", status: .processing, createdAt: Date())
        _ = try await world.library.save(orphan)

        let page = try await world.useCases.loadVideoLibraryPage(.init(ownerID: owner.id, pageSize: 10)).execute()

        #expect(page.items.map(\.status) == [.failed(reason: "the video host no longer has this video")])
        #expect(try await world.library.video(id: "gone").status == page.items.first?.status)
    }

    @Test("a host that cannot answer leaves the video processing and the listing works")
    func hostUnavailable() async throws {
        let world = World()
        let owner = try await world.makeUser()
        let video = Video(id: "v1", ownerID: owner.id, title: "Waiting", status: .processing, createdAt: Date())
        _ = try await world.library.save(video)
        var hosting = UnimplementedVideoHostingService()
        hosting.onHostedVideo = { _ throws(ServiceError) in throw .unavailable(reason: "offline", retryAfter: nil) }

        let page = try await LoadVideoLibraryPage(
            request: .init(ownerID: owner.id, pageSize: 10),
            listing: .videoLibrary(world.library).reconcilingProcessing(with: hosting, library: world.library)
        ).execute()

        #expect(page.items == [video])
    }
}
