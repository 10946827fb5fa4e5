import Foundation

extension Schemas {
    /// `Video` (and `VideoWrite`, the body of `saveVideo`): a saved video, its running time in
    /// whole milliseconds (`duration_ms`), its status a tagged object.
    ///
    /// One type for both: an answer always carries `id`; a `PUT` body may leave it out (the path
    /// names the video) and, when it has one, it must be the path's.
    public struct Video: Codable, Sendable, Equatable {
        /// `VideoStatus`: `{"state": "processing"}`, `{"state": "ready", "playback_url": "..."}`
        /// or `{"state": "failed", "reason": "..."}`.
        public struct Status: Codable, Sendable, Equatable {
            /// `processing`, `ready` or `failed`.
            public var state: String
            /// Where to play it; only when `ready`.
            public var playbackURL: String?
            /// Why processing failed; only when `failed`.
            public var reason: String?

            /// Creates a status.
            public init(state: String, playbackURL: String? = nil, reason: String? = nil) {
                self.state = state
                self.playbackURL = playbackURL
                self.reason = reason
            }

            /// `playback_url` on the wire: a key no automatic snake-case conversion would map to
            /// `playbackURL`, which is why each schema spells its keys.
            enum CodingKeys: String, CodingKey {
                case state, reason
                case playbackURL = "playback_url"
            }
        }

        /// The video's id: always in an answer, optional in a `PUT` body.
        public var id: String?
        /// Whose library it is in.
        public var ownerID: String
        /// The title, trimmed.
        public var title: String
        /// The running time in whole milliseconds, or `nil` when not known.
        public var durationMilliseconds: Int64?
        /// Where it is in processing.
        public var status: Status
        /// When it was saved first.
        public var createdAt: Date

        /// Creates a video body.
        public init(
            id: String?, ownerID: String, title: String, durationMilliseconds: Int64?, status: Status,
            createdAt: Date
        ) {
            self.id = id
            self.ownerID = ownerID
            self.title = title
            self.durationMilliseconds = durationMilliseconds
            self.status = status
            self.createdAt = createdAt
        }

        enum CodingKeys: String, CodingKey {
            case id, title, status
            case ownerID = "owner_id"
            case durationMilliseconds = "duration_ms"
            case createdAt = "created_at"
        }

        /// Decodes a video; `duration_ms` must be a whole number of milliseconds that fits in 64
        /// bits, else the failure names it (`JSONDecoder` would call `1.5` or `2^63` "not valid JSON").
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            ownerID = try container.decode(String.self, forKey: .ownerID)
            title = try container.decode(String.self, forKey: .title)
            status = try container.decode(Status.self, forKey: .status)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            durationMilliseconds = nil
            if let number = try container.decodeIfPresent(Double.self, forKey: .durationMilliseconds) {
                guard number.rounded() == number, number >= -9.2e18, number <= 9.2e18 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .durationMilliseconds, in: container,
                        debugDescription: "expected a whole number of milliseconds, got \(number)")
                }
                durationMilliseconds = Int64(number)
            }
        }
    }

    /// `VideoWrite`: the body of `saveVideo`, a `Video` whose `id` may be left out.
    public typealias VideoWrite = Video

    /// `VideoPage`: one page of an owner's saved videos, newest first.
    public typealias VideoPage = Page<Video>
}
