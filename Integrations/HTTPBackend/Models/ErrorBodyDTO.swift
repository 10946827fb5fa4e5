import Foundation

/// The API's one error body: `{"code": "invalid_input", "message": "...", "field": "body"}`.
public struct ErrorBodyDTO: Codable, Sendable, Equatable {
    /// A stable machine-readable code, e.g. `not_found`.
    public var code: String
    /// What went wrong, for a developer.
    public var message: String
    /// The input field at fault, in the API's names, for `invalid_input`.
    public var field: String?

    /// The body of `response` when it is the API's error body; `nil` otherwise (an HTML error
    /// page from a proxy, an empty body).
    static func decode(from response: HTTPResponse) -> ErrorBodyDTO? {
        try? JSONDecoder().decode(ErrorBodyDTO.self, from: response.body)
    }
}
