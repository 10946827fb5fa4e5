import Models
import Services

extension Listing where Item == Post {
    /// An author's posts, newest first, from `posts`.
    public static func feed(_ posts: any PostService) -> Listing {
        Listing(
            name: "feed",
            loadPage: { authorID, page async throws(ServiceError) in
                try await posts.feed(authorID: authorID, page: page)
            },
            observeFirstPage: { authorID, pageSize in posts.observeFeed(authorID: authorID, pageSize: pageSize) }
        )
    }
}
