import Foundation

/// A post as the store file holds it; `video_id` is left out when the post has no video.
struct PostEntry: Codable, Hashable, Sendable {
    var id: String
    var authorID: String
    var text: String
    var createdAt: Date
    var videoID: String?

    private enum CodingKeys: String, CodingKey {
        case id, text
        case authorID = "author_id"
        case createdAt = "created_at"
        case videoID = "video_id"
    }
}
