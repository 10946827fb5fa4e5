import Foundation

/// A saved video as the store file holds it: the duration in whole milliseconds, the status as a
/// tagged object (`{"state": "ready", "playback_url": …}`), so each state carries only its own payload.
struct VideoEntry: Codable, Hashable, Sendable {
    /// `processing`, `ready` with its playback URL, or `failed` with the reason.
    enum Status: Codable, Hashable, Sendable {
        case processing
        case ready(playbackURL: String)
        case failed(reason: String)

        private enum CodingKeys: String, CodingKey {
            case state, reason
            case playbackURL = "playback_url"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let state = try container.decode(String.self, forKey: .state)
            switch state {
            case "processing":
                self = .processing
            case "ready":
                self = .ready(playbackURL: try container.decode(String.self, forKey: .playbackURL))
            case "failed":
                self = .failed(reason: try container.decode(String.self, forKey: .reason))
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .state, in: container,
                    debugDescription: "unknown state \(state.debugDescription) (processing, ready or failed)")
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .processing:
                try container.encode("processing", forKey: .state)
            case .ready(let url):
                try container.encode("ready", forKey: .state)
                try container.encode(url, forKey: .playbackURL)
            case .failed(let reason):
                try container.encode("failed", forKey: .state)
                try container.encode(reason, forKey: .reason)
            }
        }
    }

    var id: String
    var ownerID: String
    var title: String
    var durationMilliseconds: Int64?
    var status: Status
    var createdAt: Date

    private enum CodingKeys: String, CodingKey {
        case id, title, status
        case ownerID = "owner_id"
        case durationMilliseconds = "duration_ms"
        case createdAt = "created_at"
    }
}
