import Foundation
import IntegrationSupport

/// An `HTTPRequest` as the bytes of an HTTP/1.1 request: `Host`, `Accept-Encoding` and
/// `Content-Length` from the transport, then the fields every transport sends
/// (`HTTPRequest.headerFields`).
enum RequestBytes {
    /// The bytes of `request` for `target` (path and query, percent-encoded) on `host`.
    ///
    /// - Throws: a non-transient `.transport` failure when a header name or value, or the target,
    ///   holds a byte that would break the request apart (a line break, a control character), or
    ///   when a header would change how the request is framed or what the connection does
    ///   (`Transfer-Encoding`, `Content-Length`, `Connection`, `Upgrade`, `TE`, `Expect`): the
    ///   transport decides those.
    static func make(_ request: HTTPRequest, target: String, host: String) throws(HTTPFailure) -> [UInt8] {
        guard target.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .transport(reason: "\(request.name) has a path that is not percent-encoded", isTransient: false)
        }
        for (name, value) in request.headers {
            guard HTTPHeadSyntax.isToken(name), !framingFields.contains(name.lowercased()),
                value.utf8.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) || $0 >= 0x80 })
            else {
                throw .transport(
                    reason: "\(request.name) has a header '\(name)' that cannot be sent", isTransient: false)
            }
        }
        var fields: [(name: String, value: String)] = [("Host", host), ("Accept-Encoding", ContentDecoding.accepted)]
        fields.removeAll { field in request.headers.keys.contains { $0.lowercased() == field.name.lowercased() } }
        fields += request.headerFields
        if let body = request.body {
            fields.append(("Content-Length", String(body.count)))
        } else if !request.method.sendsParametersInQuery {
            fields.append(("Content-Length", "0"))
        }
        var text = "\(request.method.rawValue) \(target) HTTP/1.1\r\n"
        for field in fields { text += "\(field.name): \(field.value)\r\n" }
        text += "\r\n"
        var bytes = Array(text.utf8)
        if let body = request.body { bytes.append(contentsOf: body) }
        return bytes
    }

    /// Header fields only the transport sets, lowercased.
    private static let framingFields: Set<String> = [
        "transfer-encoding", "content-length", "connection", "upgrade", "te", "expect", "keep-alive",
    ]
}
