import Models

/// `DELETE /v1/videos/{video_id}`: removes a video from its owner's library.
struct RemoveVideo: Endpoint {
    let videoID: Video.ID
    let ownerID: User.ID

    var method: HTTPMethod { .delete }
    var route: String { "/v1/videos/{video_id}" }
    var path: String { "/v1/videos/" + Path.segment(videoID.rawValue) }
    var actingUser: User.ID? { ownerID }

    typealias Response = Void
}
