import HTTPSupport
import Models

extension Operations {
    /// `removeVideo`, `DELETE /v1/videos/{video_id}`: removes a video from its owner's library.
    struct RemoveVideo: Endpoint {
        static let operation = APIOperation("removeVideo", .delete, "/v1/videos/{video_id}", success: [204])

        let videoID: Video.ID
        let ownerID: User.ID

        var pathParameters: [String: String] { ["video_id": videoID.rawValue] }
        var actingUser: User.ID? { ownerID }

        typealias Response = Void
    }
}
