import Foundation

/// The error body the client reads from an error answer:
/// `{"code": "invalid_input", "message": "...", "field": "body"}`. An answer with another body
/// (an HTML page from a proxy, an empty one) still fails with its status, without these details.
public struct APIErrorBody: Codable, Sendable, Equatable {
    /// A stable machine-readable code, e.g. `not_found`.
    public var code: String
    /// What went wrong, for a developer.
    public var message: String
    /// The input field at fault, in the API's names, for `invalid_input`.
    public var field: String?

    /// An error body.
    public init(code: String, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    /// The body of `response` when it is such an error body; `nil` otherwise.
    static func decode(from response: HTTPResponse) -> APIErrorBody? {
        try? JSONDecoder().decode(APIErrorBody.self, from: response.body)
    }
}
