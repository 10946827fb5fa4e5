import BackendAPI
import IntegrationSupport
import Models
import Services

/// The video library over the backend's API. Get it from `HTTPBackendIntegration.services`.
///
/// Listing, saving and removing act for the video's owner (signed with the owner's session).
public struct HTTPBackendVideoLibraryService: VideoLibraryService {
    let connection: BackendConnection

    /// `GET /v1/users/{user_id}/videos`, signed with the owner's session.
    public func videos(ownerID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Video> {
        let schema = try await connection.call(Operations.ListVideos(ownerID: ownerID, page: page))
        return try ServiceError.mapping { () throws(SchemaViolation) in
            try Page(schema) { item throws(SchemaViolation) in try Video(item) }
        }
    }

    /// `GET /v1/videos/{video_id}`; 404 → not found.
    public func video(id: Video.ID) async throws(ServiceError) -> Video {
        let schema = try await connection.call(Operations.GetVideo(videoID: id), subject: "video \(id)")
        return try ServiceError.mapping { () throws(SchemaViolation) in try Video(schema) }
    }

    /// `PUT /v1/videos/{video_id}`, signed with the owner's session; the backend validates title and duration.
    public func save(_ video: Video) async throws(ServiceError) -> Video {
        // Checked here too, so a video the rules refuse never leaves the device (and one whose id
        // cannot be a path segment gets the same answer as from any other store).
        let video = try ServiceError.validating { () throws(ValidationError) in try VideoRules.validated(video) }
        let schema = try await connection.change(
            Operations.SaveVideo(video: Schemas.Video(video)), subject: "video \(video.id)")
        return try ServiceError.mapping { () throws(SchemaViolation) in try Video(schema) }
    }

    /// Looks the video up to learn its owner, then removes it signed as the owner.
    public func remove(id: Video.ID) async throws(ServiceError) {
        let owner = try await video(id: id).ownerID
        try await connection.change(Operations.RemoveVideo(videoID: id, ownerID: owner), subject: "video \(id)")
    }

    /// The first page now, then after every change (see `HTTPBackendPostService.observeFeed`).
    public func observeVideos(ownerID: User.ID, pageSize: Int) -> ServiceObservation<Page<Video>> {
        .refreshing(on: connection.changes) { () async throws(ServiceError) in
            try await videos(ownerID: ownerID, page: .first(pageSize))
        }
    }
}
