import Foundation

extension Schemas {
    /// `Post`: a post as the API sends it; its text is `body`, its author `author_id`.
    public struct Post: Codable, Sendable, Equatable {
        /// The post's id.
        public var id: String
        /// Who wrote it.
        public var authorID: String
        /// The text, trimmed.
        public var body: String
        /// The attached video, if any.
        public var videoID: String?
        /// When it was written.
        public var createdAt: Date

        /// Creates a post body.
        public init(id: String, authorID: String, body: String, videoID: String?, createdAt: Date) {
            self.id = id
            self.authorID = authorID
            self.body = body
            self.videoID = videoID
            self.createdAt = createdAt
        }

        enum CodingKeys: String, CodingKey {
            case id, body
            case authorID = "author_id"
            case videoID = "video_id"
            case createdAt = "created_at"
        }
    }

    /// `NewPost`: the body of `publishPost`; the author is whoever signs the request.
    public struct NewPost: Codable, Sendable, Equatable {
        /// The id the client made for the post (an offline device does), or `nil` for the backend
        /// to make one.
        public var id: String?
        /// The text.
        public var body: String
        /// A video to attach.
        public var videoID: String?
        /// When the post was written, when that was before this request; the server takes a time
        /// after its now as now.
        public var createdAt: Date?

        /// Creates a new post body.
        public init(id: String? = nil, body: String, videoID: String? = nil, createdAt: Date? = nil) {
            self.id = id
            self.body = body
            self.videoID = videoID
            self.createdAt = createdAt
        }

        enum CodingKeys: String, CodingKey {
            case id, body
            case videoID = "video_id"
            case createdAt = "created_at"
        }
    }

    /// `PostPage`: one page of an author's posts, newest first.
    public typealias PostPage = Page<Post>

    /// `PostChanges`: the answer of `getPostChanges`: each changed post as it is now (`nil` when
    /// it is gone), the cursor to send next, and whether the client must read the whole feed
    /// first.
    public struct PostChanges: Codable, Sendable, Equatable {
        /// One changed post.
        public struct Change: Codable, Sendable, Equatable {
            /// Which post changed.
            public var postID: String
            /// The post as it is now, or `nil` when it was deleted.
            public var post: Post?

            /// Creates a change.
            public init(postID: String, post: Post?) {
                self.postID = postID
                self.post = post
            }

            enum CodingKeys: String, CodingKey {
                case post
                case postID = "post_id"
            }
        }

        /// The changes after the cursor sent, oldest first.
        public var changes: [Change]
        /// What to send as `cursor` next time.
        public var cursor: String
        /// `true` when the cursor sent was missing or forgotten: `changes` is empty, and the
        /// client reads the whole feed before going on from `cursor`.
        public var reset: Bool

        /// Creates the answer.
        public init(changes: [Change], cursor: String, reset: Bool) {
            self.changes = changes
            self.cursor = cursor
            self.reset = reset
        }
    }

    /// `Changes`: the answer of `getChanges`, a number that grows with every change the backend
    /// accepts.
    public struct Changes: Codable, Sendable, Equatable {
        /// The backend's change revision.
        public var revision: Int

        /// Creates the answer.
        public init(revision: Int) {
            self.revision = revision
        }
    }
}
