import Foundation
import IntegrationSupport

/// JSON as a REST API speaks it (ISO 8601 dates with milliseconds, sorted keys), with decoding
/// errors that name the key path and what was expected: `items[3].created_at: expected ISO 8601
/// date`.
public enum APIJSON {
    /// Decodes the body of `response` as `type`.
    ///
    /// - Throws: `.decoding` naming the key path and the expectation, also for a body that is
    ///   empty, not JSON, or not labelled `application/json`.
    public static func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws(HTTPFailure) -> T {
        let contentType = response.header("content-type")?.lowercased() ?? ""
        guard contentType.hasPrefix("application/json") || contentType.hasSuffix("+json") else {
            let shown = contentType.isEmpty ? "no Content-Type" : "Content-Type \(contentType)"
            throw .decoding(path: "(body)", expectation: "expected application/json, got \(shown)")
        }
        guard !response.body.isEmpty else {
            throw .decoding(path: "(body)", expectation: "expected JSON, got an empty body")
        }
        do {
            return try JSONCoding.decoder().decode(type, from: response.body)
        } catch let error as DecodingError {
            throw failure(error)
        } catch {
            throw .decoding(path: "(body)", expectation: "expected JSON")
        }
    }

    /// Encodes a JSON body.
    public static func encode(_ value: some Encodable) throws(HTTPFailure) -> Data {
        do {
            return try JSONCoding.encoder().encode(value)
        } catch {
            throw .transport(reason: "the request body could not be encoded: \(error)", isTransient: false)
        }
    }

    /// A flat `Encodable` as query items, sorted by name; absent optionals are left out.
    ///
    /// - Throws: `.transport` for a value that is not a string or a number (an array, an object, a
    ///   Bool, whose spelling in a query no API agrees on).
    static func queryItems(_ value: some Encodable) throws(HTTPFailure) -> [URLQueryItem] {
        let data = try encode(value)
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .transport(reason: "query parameters must be a flat object", isTransient: false)
        }
        var items: [URLQueryItem] = []
        for name in object.keys.sorted() {
            switch object[name] {
            case let text as String: items.append(URLQueryItem(name: name, value: text))
            case let number as NSNumber where String(cString: number.objCType) != "c":
                items.append(URLQueryItem(name: name, value: number.stringValue))
            default:
                throw .transport(
                    reason: "query parameter \(name) is not a string or a number; send it in a body instead",
                    isTransient: false)
            }
        }
        return items
    }

    private static func failure(_ error: DecodingError) -> HTTPFailure {
        switch error {
        case .keyNotFound(let key, let context):
            .decoding(path: path(context.codingPath + [key]), expectation: "missing")
        case .valueNotFound(let type, let context):
            .decoding(path: path(context.codingPath), expectation: "expected \(describe(type)), got null")
        case .typeMismatch(let type, let context):
            .decoding(path: path(context.codingPath), expectation: "expected \(describe(type))")
        case .dataCorrupted(let context):
            context.codingPath.isEmpty
                ? .decoding(path: "(body)", expectation: "expected JSON")
                : .decoding(path: path(context.codingPath), expectation: shortened(context.debugDescription))
        @unknown default:
            .decoding(path: "(body)", expectation: "expected the API's JSON")
        }
    }

    /// `items[3].created_at`.
    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "(body)" : keys.dottedPath
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "\(type)"
        }
    }

    /// The expectation without the received value (it may be long, or echo a secret).
    private static func shortened(_ description: String) -> String {
        String(description.split(separator: ",").first ?? Substring(description))
    }
}
