import BackendAPI
import Models
import Services

/// `GET /v1/users/{user_id}`, `GET /v1/handles/{handle}`, `PATCH /v1/users/{user_id}`; users are made with accounts (`AccountRoutes`).
enum UserRoutes {
    static let all: [Route] = [
        Route("getUser", "GET", "/v1/users/{user_id}", answers: [200]) { context throws(APIFailure) in
            let id = User.ID(context.parameter("user_id"))
            let user = try await context.call { () async throws(ServiceError) in
                try await context.backend.users.user(id: id)
            }
            return .json(200, WireCoding.encode(Schemas.User(user)))
        },
        Route("getUserByHandle", "GET", "/v1/handles/{handle}", answers: [200]) { context throws(APIFailure) in
            let handle: Handle
            do {
                handle = try Handle(context.parameter("handle"))
            } catch {
                throw APIFailure(404, .notFound, "no user with handle \(context.parameter("handle").debugDescription)")
            }
            let user = try await context.call { () async throws(ServiceError) in
                try await context.backend.users.user(handle: handle)
            }
            return .json(200, WireCoding.encode(Schemas.User(user)))
        },
        Route("updateDisplayName", "PATCH", "/v1/users/{user_id}", answers: [200]) { context throws(APIFailure) in
            let id = User.ID(context.parameter("user_id"))
            let signedIn = try await context.signedInUser()
            guard signedIn == id else {
                throw APIFailure(403, .forbidden, "only user \(id) may change their display name")
            }
            let change = try context.body(Schemas.DisplayNameChange.self)
            let user = try await context.change { () async throws(ServiceError) in
                try await context.backend.users.updateDisplayName(of: id, to: change.displayName)
            }
            return .json(200, WireCoding.encode(Schemas.User(user)))
        },
    ]
}
