import BackendAPI
import HTTPSupport
import Models

extension Operations {
    /// `getVideo`, `GET /v1/videos/{video_id}`: one saved video (public).
    struct GetVideo: Endpoint {
        static let operation = APIOperation("getVideo", .get, "/v1/videos/{video_id}", success: [200])

        let videoID: Video.ID

        var pathParameters: [String: String] { ["video_id": videoID.rawValue] }

        typealias Response = Schemas.Video
    }
}
