import Models

/// `PUT /v1/videos/{video_id}`: saves (inserts or replaces) a video in its owner's library.
struct SaveVideo: Endpoint {
    let video: VideoDTO

    var method: HTTPMethod { .put }
    var route: String { "/v1/videos/{video_id}" }
    var path: String { "/v1/videos/" + Path.segment(video.id) }
    var parameters: (any Encodable & Sendable)? { video }
    var actingUser: User.ID? { User.ID(video.ownerID) }

    typealias Response = VideoDTO
}
