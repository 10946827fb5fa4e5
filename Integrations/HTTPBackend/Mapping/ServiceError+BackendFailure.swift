import BackendAPI
import HTTPSupport
import Services

extension ServiceError {
    /// The integration's failures as the app's errors: the HTTP client's mapping, with the API's
    /// field names turned into the app's; a backend out of reach says how to start the
    /// development one; an answer that is not HTTP, or a `no_route` 404 (a server that does not
    /// speak this API version), is the backend being unavailable, not a missing post.
    init(backend failure: HTTPFailure, operation: String, subject: String? = nil) {
        if case .transport(let reason, isTransient: true) = failure {
            self = .unavailable(
                reason: "\(operation): \(reason); check that the backend is running there (`swift run silo-backend` "
                    + "starts the development one), then retry",
                retryAfter: nil)
        } else if case .badAnswer(let reason) = failure {
            self = .unavailable(
                reason: "\(operation): \(reason); check that the base URL points at silo-backend or a server "
                    + "speaking this API",
                retryAfter: nil)
        } else if case .status(404, let body?, _) = failure, body.code == "no_route" {
            self = .unavailable(
                reason: "\(operation): the backend has no such route (\(body.message)); check that the base URL "
                    + "points at a server speaking this API version",
                retryAfter: nil)
        } else {
            self.init(failure, operation: operation, subject: subject, fieldName: FieldName.app)
        }
    }
}
