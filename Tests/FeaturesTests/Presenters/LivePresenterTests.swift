import Features
import Foundation
import Models
import Services
import TestSupport
import Testing

/// The feed and library presenters follow their listing while the view is visible: changes made
/// through the services (by anyone) reach the view without a refresh, and stop reaching it once the
/// view has disappeared.
@MainActor
@Suite("Live presenters")
struct LivePresenterTests {
    private func feedPresenter(_ world: World, view: SpyFeedView, author: User.ID, pageSize: Int = 5) -> FeedPresenter {
        FeedPresenter(
            view: view, authorID: author, pageSize: pageSize, runner: makeRunner(),
            makeLoadFeedPage: world.useCases.loadFeedPage, makeDeletePost: world.useCases.deletePost,
            makeFollowFeed: world.useCases.followFeed)
    }

    @Test("a post published elsewhere appears in the visible feed without a refresh, and a deleted one goes")
    func feedFollows() async throws {
        // Given
        let world = World()
        let author = try await world.makeUser()
        let view = SpyFeedView()
        let presenter = feedPresenter(world, view: view, author: author.id)
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()
        #expect(presenter.isFollowing)

        // When
        let post = try await world.posts.publish(PostDraft(authorID: author.id, text: "from elsewhere"))

        // Then
        await eventually("the new post never reached the view") { view.calls.last == .posts([post], hasMore: false) }

        // When
        try await world.posts.delete(id: post.id, by: author.id)

        // Then
        await eventually("the deleted post never left the view") { view.calls.last == .empty }
    }

    @Test("after the view disappears, changes no longer reach it")
    func feedStopsFollowing() async throws {
        // Given
        let world = World()
        let author = try await world.makeUser()
        let view = SpyFeedView()
        let presenter = feedPresenter(world, view: view, author: author.id)
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()
        await eventually("the observation never started") { world.integration.observerCount == 1 }

        // When
        presenter.handle(.didDisappear)
        let callsAtDisappear = view.calls
        _ = try await world.posts.publish(PostDraft(authorID: author.id, text: "unseen"))

        // Then
        #expect(!presenter.isFollowing)
        await eventually("the observation was not released") { world.integration.observerCount == 0 }
        await presenter.waitUntilFollowingEnds()
        await presenter.waitUntilIdle()
        #expect(view.calls == callsAtDisappear)
    }

    @Test("with more pages shown, a live update replaces the first page and keeps the older ones below")
    func feedKeepsOlderPages() async throws {
        // Given: five posts shown two at a time, all pages loaded
        let world = World()
        let author = try await world.makeUser()
        let published = try await world.publish(5, by: author.id)
        let view = SpyFeedView()
        let presenter = feedPresenter(world, view: view, author: author.id, pageSize: 2)
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()
        while presenter.hasMore {
            presenter.loadMore()
            await presenter.waitUntilIdle()
        }
        #expect(presenter.posts == published)

        // When
        let newest = try await world.posts.publish(PostDraft(authorID: author.id, text: "newest"))

        // Then
        await eventually("the new post never reached the view") { presenter.posts.first == newest }
        #expect(presenter.posts == [newest] + published)
    }

    // begin part of: library
    @Test("a video that finishes processing shows up ready in the visible library")
    func libraryFollows() async throws {
        // Given
        let world = World()
        let owner = try await world.makeUser()
        var video = try await world.library.save(
            Video(id: "v1", ownerID: owner.id, title: "Clip", status: .processing, createdAt: Date()))
        let view = SpyVideoLibraryView()
        let presenter = VideoLibraryPresenter(
            view: view, ownerID: owner.id, runner: makeRunner(), makeLoadPage: world.useCases.loadVideoLibraryPage,
            makeFollow: world.useCases.followVideoLibrary)
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()

        // When
        video.status = .ready(playbackURL: URL(string: "https://cdn.example.com/v1.m3u8")!)
        video = try await world.library.save(video)

        // Then
        await eventually("the ready video never reached the view") { presenter.items == [video] }
        presenter.handle(.didDisappear)
        #expect(!presenter.isFollowing)
    }
    // end part of: library
}
