import Foundation

/// A post as the API sends it: its text is `body`, its author `author_id`.
struct PostDTO: Decodable, Sendable {
    var id: String
    var authorID: String
    var body: String
    var videoID: String?
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, body
        case authorID = "author_id"
        case videoID = "video_id"
        case createdAt = "created_at"
    }
}
