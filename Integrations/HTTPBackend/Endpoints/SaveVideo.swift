import BackendAPI
import HTTPSupport
import Models

extension Operations {
    /// `saveVideo`, `PUT /v1/videos/{video_id}`: saves (inserts or replaces) a video in its owner's
    /// library.
    struct SaveVideo: Endpoint {
        static let operation = APIOperation("saveVideo", .put, "/v1/videos/{video_id}", success: [200])

        let video: Schemas.VideoWrite

        var pathParameters: [String: String] { ["video_id": video.id ?? ""] }
        var parameters: (any Encodable & Sendable)? { video }
        var actingUser: User.ID? { User.ID(video.ownerID) }

        typealias Response = Schemas.Video
    }
}
