import Foundation

/// A saved video as the API sends and receives it: the duration in whole milliseconds
/// (`duration_ms`), the status a tagged object.
struct VideoDTO: Codable, Sendable {
    /// `{"state": "processing"}`, `{"state": "ready", "playback_url": "..."}` or
    /// `{"state": "failed", "reason": "..."}`.
    struct Status: Codable, Sendable {
        var state: String
        /// `playback_url` on the wire: a key no automatic snake-case conversion would map to
        /// `playbackURL`, which is why each DTO spells its keys.
        var playbackURL: String?
        var reason: String?

        enum CodingKeys: String, CodingKey {
            case state, reason
            case playbackURL = "playback_url"
        }
    }

    var id: String
    var ownerID: String
    var title: String
    var durationMilliseconds: Int64?
    var status: Status
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, title, status
        case ownerID = "owner_id"
        case durationMilliseconds = "duration_ms"
        case createdAt = "created_at"
    }
}
