import Models

/// `GET /v1/videos/{video_id}`: one saved video (public).
struct GetVideo: Endpoint {
    let videoID: Video.ID

    var method: HTTPMethod { .get }
    var route: String { "/v1/videos/{video_id}" }
    var path: String { "/v1/videos/" + Path.segment(videoID.rawValue) }

    typealias Response = VideoDTO
}
