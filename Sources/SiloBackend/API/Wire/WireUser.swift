import Foundation
import Models

/// A user on the wire: `{"id", "handle", "display_name", "created_at"}`.
struct WireUser: Codable, Sendable {
    var id: String
    var handle: String
    var displayName: String
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, handle
        case displayName = "display_name"
        case createdAt = "created_at"
    }

    init(_ user: User) {
        id = user.id.rawValue
        handle = user.handle.rawValue
        displayName = user.displayName
        createdAt = user.createdAt
    }
}

/// The body of `PATCH /v1/users/{user_id}`.
struct DisplayNameChangeRequest: Codable, Sendable {
    var displayName: String

    enum CodingKeys: String, CodingKey {
        case displayName = "display_name"
    }
}
