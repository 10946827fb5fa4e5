// scripts/remove-service deletes this file with the service it is part of: library
import Commands
import Features
import Foundation
import Models
import Services
import TestSupport
import Testing

@MainActor
@Suite("VideoLibraryPresenter")
struct VideoLibraryPresenterTests {
    /// Saves `count` ready videos (a `processing` one would be checked with the host on listing).
    private func saveVideos(_ count: Int, owner: User.ID, in world: World) async throws -> [Video] {
        var saved: [Video] = []
        for index in 0..<count {
            let video = Video(
                id: Video.ID("v\(index)"),
                ownerID: owner,
                title: "Clip \(index)",
                status: .ready(playbackURL: URL(string: "https://cdn.example.com/v\(index).m3u8")!),
                createdAt: Date(millisecondsSince1970: 1_700_000_000_000 + Int64(index))
            )
            saved.append(try await world.library.save(video))
        }
        return saved
    }

    @Test("loads the first page on willAppear and the rest with loadMore, newest first")
    func pages() async throws {
        // Given
        let world = World()
        let saved = try await saveVideos(3, owner: "u1", in: world)
        let view = SpyVideoLibraryView()
        let presenter = VideoLibraryPresenter(
            view: view, ownerID: "u1", pageSize: 2, runner: makeRunner(),
            makeLoadPage: world.useCases.loadVideoLibraryPage)

        // When
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()
        presenter.loadMore()
        await presenter.waitUntilIdle()

        // Then
        let newestFirst = Array(saved.reversed())
        #expect(
            view.calls == [.videos(Array(newestFirst.prefix(2)), hasMore: true), .videos(newestFirst, hasMore: false)])
    }

    @Test("an empty library shows empty; a failed load shows an error message")
    func emptyAndError() async {
        // Given
        let emptyView = SpyVideoLibraryView()
        let empty = VideoLibraryPresenter(
            view: emptyView, ownerID: "u1", runner: makeRunner(), makeLoadPage: World().useCases.loadVideoLibraryPage)
        let failingView = SpyVideoLibraryView()
        let failing = VideoLibraryPresenter(view: failingView, ownerID: "u1", runner: makeRunner()) { _ in
            TestCommand { () throws -> LoadVideoLibraryPage.Response in
                throw ServiceError.unavailable(reason: "offline", retryAfter: nil)
            }
        }

        // When
        empty.handle(.willAppear)
        failing.handle(.willAppear)
        await empty.waitUntilIdle()
        await failing.waitUntilIdle()

        // Then
        #expect(emptyView.calls == [.empty])
        #expect(failingView.calls.count == 1)
        if case .error(let message)? = failingView.calls.first {
            #expect(!message.isEmpty)
        } else {
            Issue.record("expected an error, got \(failingView.calls)")
        }
    }

    @Test("an invalid page size is rejected by the use case before the service is called")
    nonisolated func invalidPageSize() async {
        // Given
        var library = UnimplementedVideoLibraryService()
        library.onVideos = nil
        let command = LoadVideoLibraryPage(
            request: .init(ownerID: "u1", pageSize: 0),
            listing: .videoLibrary(library))

        // When / Then
        await expectInvalidInput(field: "pageSize") { () throws(ServiceError) in try await command.execute() }
    }
}

@MainActor
@Suite("VideoLibraryPresenter refresh")
struct VideoLibraryPresenterRefreshTests {
    @Test("a refresh while a next page is loading drops that page instead of appending it")
    func refreshCancelsLoadMore() async {
        // Given a first page with a cursor, and a second page that waits for a gate
        let view = SpyVideoLibraryView()
        let gate = Locked(false)
        let first = Video(id: "v2", ownerID: "u1", title: "New", status: .processing, createdAt: .now)
        let stale = Video(id: "v1", ownerID: "u1", title: "Old", status: .processing, createdAt: .now)
        let presenter = VideoLibraryPresenter(view: view, ownerID: "u1", pageSize: 1, runner: makeRunner()) { request in
            TestCommand { () async throws -> LoadVideoLibraryPage.Response in
                guard request.cursor != nil else {
                    return LoadVideoLibraryPage.Response(items: [first], nextCursor: Cursor(rawValue: "c"))
                }
                while !gate.current { await Task.yield() }
                return LoadVideoLibraryPage.Response(items: [stale], nextCursor: nil)
            }
        }
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()

        // When the next page is loading and the view appears again
        presenter.loadMore()
        presenter.refresh()
        gate.withLock { $0 = true }
        await presenter.waitUntilIdle()

        // Then only fresh first pages were shown
        #expect(presenter.items == [first])
        #expect(!view.calls.contains(.videos([first, stale], hasMore: false)))
    }
}
