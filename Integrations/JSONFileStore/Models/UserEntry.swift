import Foundation

/// A user as the store file holds it: `{"created_at": …, "display_name": …, "handle": …, "id": …}`.
struct UserEntry: Codable, Hashable, Sendable {
    var id: String
    var handle: String
    var displayName: String
    var createdAt: Date

    private enum CodingKeys: String, CodingKey {
        case id, handle
        case displayName = "display_name"
        case createdAt = "created_at"
    }
}
