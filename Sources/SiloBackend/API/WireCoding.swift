import Foundation
import IntegrationSupport

/// JSON as this API writes and reads it: ISO 8601 dates with milliseconds, keys spelled by each
/// type's `CodingKeys` (snake_case), sorted so responses are stable.
enum WireCoding {
    /// Encodes `value`; the API's types always encode.
    static func encode(_ value: some Encodable) -> [UInt8] {
        do {
            return Array(try JSONCoding.encoder().encode(value))
        } catch {
            return Array(#"{"code":"internal_error","message":"the response could not be encoded"}"#.utf8)
        }
    }

    /// Decodes a request body.
    ///
    /// - Throws: `APIFailure` 415 when the content type is not JSON, 400 naming the key path when
    ///   the body is not the expected JSON.
    static func decode<T: Decodable>(_ type: T.Type, from request: ServerRequest) throws(APIFailure) -> T {
        guard isJSON(contentType: request.header("content-type")) else {
            throw APIFailure(415, .unsupportedMediaType, notJSONMessage)
        }
        do {
            return try JSONCoding.decoder().decode(type, from: Data(request.body))
        } catch let error as DecodingError {
            throw Self.failure(error)
        } catch {
            throw APIFailure(400, .badRequest, "the body is not JSON")
        }
    }

    /// Whether a `Content-Type` value names JSON (`application/json`, with or without parameters).
    static func isJSON(contentType: String?) -> Bool {
        let mediaType = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        return mediaType == "application/json"
    }

    /// What a request whose body is not JSON is told.
    static let notJSONMessage = "send the body as application/json (Content-Type: application/json)"

    private static func failure(_ error: DecodingError) -> APIFailure {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return APIFailure(422, .invalidInput, "\(field) is required", field: field)
        case .typeMismatch(_, let context) where context.codingPath.isEmpty,
            .valueNotFound(_, let context) where context.codingPath.isEmpty:
            return APIFailure(400, .badRequest, "the body must be a JSON object")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let field = path(context.codingPath)
            return APIFailure(422, .invalidInput, "\(field): expected \(type)", field: field)
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            let field = path(context.codingPath)
            return APIFailure(422, .invalidInput, "\(field): \(context.debugDescription)", field: field)
        default:
            return APIFailure(400, .badRequest, "the body is not valid JSON")
        }
    }
}
