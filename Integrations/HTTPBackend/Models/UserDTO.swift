import Foundation

/// A user as the API sends it. The API says `display_name`; the app says `displayName`.
struct UserDTO: Decodable, Sendable {
    var id: String
    var handle: String
    var displayName: String
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, handle
        case displayName = "display_name"
        case createdAt = "created_at"
    }
}
