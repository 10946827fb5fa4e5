import Foundation

/// `POST /v1/accounts`; no `password` makes a device account.
struct NewAccountParameters: Encodable, Sendable {
    var handle: String
    var displayName: String
    var password: String?

    enum CodingKeys: String, CodingKey {
        case handle, password
        case displayName = "display_name"
    }
}

/// `PATCH /v1/users/{user_id}`.
struct DisplayNameParameters: Encodable, Sendable {
    var displayName: String

    enum CodingKeys: String, CodingKey {
        case displayName = "display_name"
    }
}

/// `POST /v1/posts`: the author is whoever signs the request.
struct NewPostParameters: Encodable, Sendable {
    var id: String?
    var body: String
    var videoID: String?
    var createdAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, body
        case videoID = "video_id"
        case createdAt = "created_at"
    }
}

/// `page_size` and `cursor`, for every listing.
struct PageParameters: Encodable, Sendable {
    var pageSize: Int
    var cursor: String?

    enum CodingKeys: String, CodingKey {
        case pageSize = "page_size"
        case cursor
    }
}

/// `POST /v1/sessions`.
struct SignInParameters: Encodable, Sendable {
    var handle: String
    var password: String
}

/// `POST /v1/sessions/refresh`.
struct RefreshParameters: Encodable, Sendable {
    var refreshToken: String

    enum CodingKeys: String, CodingKey {
        case refreshToken = "refresh_token"
    }
}
