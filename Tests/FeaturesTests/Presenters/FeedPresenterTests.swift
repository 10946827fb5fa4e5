import Commands
import Features
import Models
import Services
import TestSupport
import Testing

@MainActor
@Suite("FeedPresenter")
struct FeedPresenterTests {
    private func makePresenter(
        view: SpyFeedView,
        pageSize: Int = 2,
        loadPage: @escaping FeedPresenter.MakeLoadPage,
        deletePost: @escaping FeedPresenter.MakeDeletePost = { _ in
            stubCommand { () throws -> DeletePost.Response in throw ServiceError.cancelled }
        }
    ) -> FeedPresenter {
        FeedPresenter(
            view: view,
            authorID: "u1",
            pageSize: pageSize,
            runner: makeRunner(),
            makeLoadFeedPage: loadPage,
            makeDeletePost: deletePost
        )
    }

    @Test("loads the first page when the view will appear")
    func loadsOnWillAppear() async {
        // Given
        let view = SpyFeedView()
        let posts = [samplePost("p2"), samplePost("p1")]
        let presenter = makePresenter(view: view) { request in
            #expect(request.cursor == nil)
            return stubCommand(returning: LoadFeedPage.Response(items: posts, nextCursor: nil))
        }

        // When
        presenter.handle(.didLoad)
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()

        // Then
        #expect(view.calls == [.loading(true), .loading(false), .posts(posts, hasMore: false)])
    }

    @Test("shows empty for an author without posts")
    func showsEmpty() async {
        // Given
        let view = SpyFeedView()
        let presenter = makePresenter(view: view) { _ in
            stubCommand(returning: LoadFeedPage.Response(items: [], nextCursor: nil))
        }

        // When
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()

        // Then
        #expect(view.calls.last == .empty)
    }

    @Test("shows a failed load as an error message")
    func showsError() async {
        // Given
        let view = SpyFeedView()
        let presenter = makePresenter(view: view) { _ in
            stubCommand { () throws -> LoadFeedPage.Response in
                throw ServiceError.unavailable(reason: "offline", retryAfter: nil)
            }
        }

        // When
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()

        // Then
        guard case .error(let message) = view.calls.last else {
            Issue.record("Expected an error, got \(view.calls)")
            return
        }
        #expect(message.contains("offline"))
        #expect(view.calls.contains(.loading(false)))
    }

    @Test("loadMore continues from the cursor and appends")
    func loadsMore() async {
        // Given
        let view = SpyFeedView()
        let cursor = Cursor(rawValue: "next")
        let presenter = makePresenter(view: view) { request in
            request.cursor == nil
                ? stubCommand(returning: LoadFeedPage.Response(items: [samplePost("p3")], nextCursor: cursor))
                : stubCommand(returning: LoadFeedPage.Response(items: [samplePost("p2")], nextCursor: nil))
        }
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()

        // When
        presenter.loadMore()
        await presenter.waitUntilIdle()
        presenter.loadMore()

        // Then
        #expect(view.calls.last == .posts([samplePost("p3"), samplePost("p2")], hasMore: false))
        #expect(!presenter.hasMore)
        #expect(presenter.posts.map(\.id) == ["p3", "p2"])
    }

    @Test("a service that hands out a cursor again stops paging with an error and keeps the posts shown")
    func repeatedCursorStopsPaging() async {
        // Given a service whose second page points back at the first cursor
        let view = SpyFeedView()
        let first = Cursor(rawValue: "a")
        let second = Cursor(rawValue: "b")
        let presenter = makePresenter(view: view) { request in
            switch request.cursor {
            case nil:
                stubCommand(returning: LoadFeedPage.Response(items: [samplePost("p3")], nextCursor: first))
            case first:
                stubCommand(returning: LoadFeedPage.Response(items: [samplePost("p2")], nextCursor: second))
            default:
                stubCommand(returning: LoadFeedPage.Response(items: [samplePost("p1")], nextCursor: first))
            }
        }
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()

        // When
        presenter.loadMore()
        await presenter.waitUntilIdle()
        presenter.loadMore()
        await presenter.waitUntilIdle()

        // Then
        #expect(presenter.posts.map(\.id) == ["p3", "p2", "p1"])
        #expect(!presenter.hasMore)
        guard case .error(let message) = view.calls.last else {
            Issue.record("Expected an error, got \(view.calls)")
            return
        }
        #expect(message.contains("cursor"))
    }

    @Test("delete removes the post from the view")
    func deletes() async {
        // Given
        let view = SpyFeedView()
        let presenter = makePresenter(
            view: view,
            loadPage: { _ in
                stubCommand(
                    returning: LoadFeedPage.Response(items: [samplePost("p2"), samplePost("p1")], nextCursor: nil)
                )
            },
            deletePost: { request in stubCommand(returning: DeletePost.Response(deletedID: request.postID)) }
        )
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()

        // When
        presenter.delete(postID: "p2")
        await presenter.waitUntilIdle()

        // Then
        #expect(view.calls.last == .posts([samplePost("p1")], hasMore: false))
    }

    @Test("a failed delete shows an error and keeps the post")
    func deleteFails() async {
        // Given
        let view = SpyFeedView()
        let presenter = makePresenter(
            view: view,
            loadPage: { _ in stubCommand(returning: LoadFeedPage.Response(items: [samplePost("p1")], nextCursor: nil))
            },
            deletePost: { _ in
                stubCommand { () throws -> DeletePost.Response in throw ServiceError.notFound(what: "post p1") }
            }
        )
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()

        // When
        presenter.delete(postID: "p1")
        await presenter.waitUntilIdle()

        // Then
        #expect(view.calls.last == .error("Not found: post p1"))
        #expect(presenter.posts.map(\.id) == ["p1"])
    }

    @Test("after didDisappear a load in flight never reaches the view")
    func cancelsOnDisappear() async {
        // Given
        let view = SpyFeedView()
        let gate = Gate()
        let command = stubCommand { () -> LoadFeedPage.Response in
            await gate.wait()
            return LoadFeedPage.Response(items: [samplePost("p1")], nextCursor: nil)
        }
        let presenter = makePresenter(view: view) { _ in command }
        presenter.handle(.willAppear)

        // When
        presenter.handle(.didDisappear)
        let callsAtDisappear = view.calls
        gate.open()
        await presenter.waitUntilIdle()
        for _ in 0..<50 { await Task.yield() }

        // Then
        #expect(callsAtDisappear == [.loading(true)])
        #expect(view.calls == callsAtDisappear)
    }

    @Test("with the in-memory services shows the author's newest posts")
    func inMemory() async throws {
        // Given
        let world = World()
        let author = try await world.makeUser()
        let published = try await world.publish(3, by: author.id)
        let view = SpyFeedView()
        let presenter = FeedPresenter(
            view: view,
            authorID: author.id,
            pageSize: 2,
            runner: makeRunner(),
            makeLoadFeedPage: world.useCases.loadFeedPage,
            makeDeletePost: world.useCases.deletePost
        )

        // When
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()
        presenter.loadMore()
        await presenter.waitUntilIdle()

        // Then
        #expect(view.calls.last == .posts(published, hasMore: false))
    }
}
