import Commands
import Models

/// Shows an author's feed (see `ListingPresenter`: pages, live updates) and deletes its posts.
///
/// Main-actor isolated; holds its view weakly. On `.didDisappear` every load and delete in flight
/// is cancelled, and the view hears nothing more until it appears again.
@MainActor
public final class FeedPresenter: ListingPresenter<Post> {
    /// Makes the command that deletes one post; `UseCases.deletePost(_:)` in the app.
    public typealias MakeDeletePost = (DeletePost.Request) -> any Command<DeletePost.Response>

    /// Whose feed is shown.
    public var authorID: User.ID { ownerID }
    /// The posts shown, newest first.
    public var posts: [Post] { items }

    private let makeDeletePost: MakeDeletePost

    /// Creates a presenter whose use cases come from `makeLoadFeedPage`, `makeDeletePost` and, to
    /// follow the feed live, `makeFollowFeed` (`useCases.loadFeedPage`, `useCases.deletePost` and
    /// `useCases.followFeed` in the app; without `makeFollowFeed` the feed changes on refresh only).
    public init(
        view: any ListingView<Post>,
        authorID: User.ID,
        pageSize: Int = 20,
        runner: UseCaseRunner,
        makeLoadFeedPage: @escaping MakeLoadPage,
        makeDeletePost: @escaping MakeDeletePost,
        makeFollowFeed: MakeFollow? = nil
    ) {
        self.makeDeletePost = makeDeletePost
        super.init(
            view: view, ownerID: authorID, pageSize: pageSize, runner: runner, makeLoadPage: makeLoadFeedPage,
            makeFollow: makeFollowFeed)
    }

    /// Deletes the post with `postID` on behalf of the feed's author and removes it from the posts
    /// shown; a post by anyone else is refused with `.forbidden` and stays.
    public func delete(postID: Post.ID) {
        work.track(runner.run(makeDeletePost(DeletePost.Request(postID: postID, actorID: authorID))))
            .then { [weak self] response in
                self?.listing.removeAll { $0.id == response.deletedID }
            }
            .catch { [weak self] error in self?.view?.showError(message: error.userMessage) }
    }
}
