import Foundation
import IntegrationSupport

/// The request line and headers of one request, parsed and checked before any body is read.
struct RequestHead: Sendable {
    var method: String
    var target: String
    var version: String
    var headers: [String: String]

    /// Why a head was refused, with the status the server answers and a message saying what to fix.
    struct Refusal: Error, Sendable {
        var status: Int
        var message: String
    }

    /// Parses `bytes` (the head without the final blank line).
    ///
    /// - Throws: `Refusal` (400) for a malformed request line or header field, (505) for a version
    ///   other than HTTP/1.0 or 1.1.
    static func parse(_ bytes: ArraySlice<UInt8>) throws(Refusal) -> RequestHead {
        // Field values may be Latin-1 in old clients; anything that is not UTF-8 is refused.
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Refusal(status: 400, message: "the request head is not UTF-8")
        }
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { throw Refusal(status: 400, message: "the request line is missing") }
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, HTTPHeadSyntax.isToken(parts[0]), parts[1].first == "/",
            !parts[1].contains(where: \.isWhitespace)
        else {
            throw Refusal(status: 400, message: "the request line is not 'METHOD /path HTTP/1.1'")
        }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            throw Refusal(status: 505, message: "only HTTP/1.1 and HTTP/1.0 are served")
        }
        let headers: [String: String]
        do throws(HTTPHeadSyntax.FieldError) {
            headers = try HTTPHeadSyntax.fields(lines)
        } catch {
            switch error {
            case .malformed: throw Refusal(status: 400, message: "a header field is not 'Name: value'")
            case .controlCharacters(let name):
                throw Refusal(status: 400, message: "the header field \(name) holds control characters")
            }
        }
        return RequestHead(
            method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), headers: headers)
    }

    /// The body length the head announces: 0 without `Content-Length`.
    ///
    /// - Throws: `Refusal` (501) for `Transfer-Encoding` (chunked bodies are not supported), (400)
    ///   for a length that is not one decimal number, (413) for one over `limit`.
    func contentLength(limit: Int) throws(Refusal) -> Int {
        if headers["transfer-encoding"] != nil {
            throw Refusal(status: 501, message: "Transfer-Encoding is not supported: send a Content-Length body")
        }
        guard let text = headers["content-length"] else { return 0 }
        guard let length = HTTPHeadSyntax.decimal(text) else {
            throw Refusal(status: 400, message: "Content-Length is not one decimal number")
        }
        guard length <= limit else {
            throw Refusal(status: 413, message: "the body is \(length) bytes; the limit is \(limit)")
        }
        return length
    }

    /// Whether the connection may serve another request after this one.
    var keepsAlive: Bool {
        HTTPHeadSyntax.keepsAlive(version: version, fields: headers)
    }
}
