import BackendAPI
import Models
import Services

/// The video library: an owner's listing, one video, save (insert or replace) and remove.
enum VideoRoutes {
    static let all: [Route] = [
        Route("listVideos", "GET", "/v1/users/{user_id}/videos", answers: [200]) { context throws(APIFailure) in
            let owner = User.ID(context.parameter("user_id"))
            try await requireOwner(owner, context)
            let page = try context.pageRequest()
            let videos = try await context.call { () async throws(ServiceError) in
                try await context.backend.library.videos(ownerID: owner, page: page)
            }
            return .json(200, WireCoding.encode(Schemas.VideoPage(videos, Schemas.Video.init)))
        },
        Route("getVideo", "GET", "/v1/videos/{video_id}", answers: [200]) { context throws(APIFailure) in
            let id = Video.ID(context.parameter("video_id"))
            let video = try await context.call { () async throws(ServiceError) in
                try await context.backend.library.video(id: id)
            }
            return .json(200, WireCoding.encode(Schemas.Video(video)))
        },
        Route("saveVideo", "PUT", "/v1/videos/{video_id}", answers: [200]) { context throws(APIFailure) in
            let id = Video.ID(context.parameter("video_id"))
            let signedIn = try await context.signedInUser()
            let video = try APIFailure.mapping(try context.body(Schemas.VideoWrite.self)) {
                body throws(SchemaViolation) in
                try Video(body, id: id)
            }
            guard video.ownerID == signedIn else {
                throw APIFailure(403, .forbidden, "only user \(video.ownerID) may change their library")
            }
            do {
                let existing = try await context.backend.library.video(id: id)
                guard existing.ownerID == video.ownerID else {
                    throw APIFailure(403, .forbidden, "video \(id) belongs to another user")
                }
            } catch let failure as APIFailure {
                throw failure
            } catch ServiceError.notFound {
                // A new video: nobody else owns it.
            } catch {
                throw APIFailure(error as? ServiceError ?? .unavailable(reason: "\(error)", retryAfter: nil))
            }
            let saved = try await context.change { () async throws(ServiceError) in
                try await context.backend.library.save(video)
            }
            return .json(200, WireCoding.encode(Schemas.Video(saved)))
        },
        Route("removeVideo", "DELETE", "/v1/videos/{video_id}", answers: [204]) { context throws(APIFailure) in
            let id = Video.ID(context.parameter("video_id"))
            let signedIn = try await context.signedInUser()
            let video = try await context.call { () async throws(ServiceError) in
                try await context.backend.library.video(id: id)
            }
            guard video.ownerID == signedIn else {
                throw APIFailure(403, .forbidden, "only user \(video.ownerID) may change their library")
            }
            try await context.change { () async throws(ServiceError) in try await context.backend.library.remove(id: id)
            }
            return .empty(204)
        },
    ]

    private static func requireOwner(_ owner: User.ID, _ context: RouteContext) async throws(APIFailure) {
        guard try await context.signedInUser() == owner else {
            throw APIFailure(403, .forbidden, "only user \(owner) may see or change their library")
        }
    }
}
