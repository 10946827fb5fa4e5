import BackendAPI
import Foundation
import Models
import Services

/// The `code` of every error body this API sends.
enum APIErrorCode: String, Codable, Sendable {
    case badRequest = "bad_request"
    case invalidInput = "invalid_input"
    case unauthorized
    case forbidden
    case notFound = "not_found"
    /// No route has this path: the client speaks another API version, or has the wrong base URL.
    case noRoute = "no_route"
    case methodNotAllowed = "method_not_allowed"
    case conflict
    case requestTimeout = "request_timeout"
    case payloadTooLarge = "payload_too_large"
    case unsupportedMediaType = "unsupported_media_type"
    case headersTooLarge = "headers_too_large"
    case rateLimited = "rate_limited"
    case notImplemented = "not_implemented"
    case unavailable
    case internalError = "internal_error"

    /// The code for a refusal the HTTP layer makes on its own.
    static func forStatus(_ status: Int) -> APIErrorCode {
        switch status {
        case 401: .unauthorized
        case 404: .notFound
        case 405: .methodNotAllowed
        case 408: .requestTimeout
        case 413: .payloadTooLarge
        case 415: .unsupportedMediaType
        case 422: .invalidInput
        case 429: .rateLimited
        case 431: .headersTooLarge
        case 501, 505: .notImplemented
        case 503: .unavailable
        case 500...: .internalError
        default: .badRequest
        }
    }
}

/// The one error body: `{"code": "...", "message": "...", "field": "..."}` (`field` only for input errors).
struct ErrorBody: Codable, Sendable {
    var code: APIErrorCode
    var message: String
    var field: String?
}

/// A request that fails: the status, the error body, and headers such as `Retry-After`.
struct APIFailure: Error, Sendable {
    var status: Int
    var body: ErrorBody
    var headers: [(name: String, value: String)] = []

    init(_ status: Int, _ code: APIErrorCode, _ message: String, field: String? = nil) {
        self.status = status
        body = ErrorBody(code: code, message: message, field: field)
    }

    /// Runs the rules in `body`; a broken rule is the 422 naming its field (in the API's names).
    static func validating<T>(_ body: () throws(ValidationError) -> T) throws(APIFailure) -> T {
        do {
            return try ServiceError.validating(body)
        } catch {
            throw APIFailure(error)
        }
    }

    /// What `map` makes of a request's body; a body that breaks the API's rules is the 422 naming
    /// the field at fault.
    static func mapping<Body, Value>(_ body: Body, _ map: (Body) throws(SchemaViolation) -> Value) throws(APIFailure)
        -> Value
    {
        do {
            return try map(body)
        } catch {
            throw APIFailure(422, .invalidInput, error.message, field: error.field)
        }
    }

    /// The failure a service error becomes on the wire (validation fields in the API's names).
    init(_ error: ServiceError) {
        switch error {
        case .notFound(let what): self.init(404, .notFound, "no \(what)")
        case .invalidInput(let field, let reason):
            self.init(422, .invalidInput, reason, field: FieldName.api(field))
        case .conflict(let reason): self.init(409, .conflict, reason)
        case .unauthorized(let reason): self.init(401, .unauthorized, reason)
        case .forbidden(let reason): self.init(403, .forbidden, reason)
        case .unavailable(let reason, let retryAfter):
            self.init(503, .unavailable, reason)
            if let retryAfter { headers = [("Retry-After", String(max(1, retryAfter.components.seconds)))] }
        case .timedOut(let operation): self.init(503, .unavailable, "\(operation) timed out in the store")
        case .corruptData(let location, let reason):
            self.init(500, .internalError, "the backend's store cannot be read (\(location): \(reason))")
        case .cancelled: self.init(503, .unavailable, "the request was cancelled")
        }
    }

    /// The response that carries this failure.
    var response: ServerResponse {
        ServerResponse.json(status, WireCoding.encode(body), headers: headers)
    }
}

extension ServerResponse {
    /// An error response with the API's error body.
    static func error(status: Int, code: APIErrorCode, message: String, field: String? = nil) -> ServerResponse {
        APIFailure(status, code, message, field: field).response
    }
}
