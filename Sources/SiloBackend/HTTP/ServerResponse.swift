import Foundation

/// A response the server writes: status, headers and a body with its `Content-Length`.
struct ServerResponse: Sendable {
    /// The status code, e.g. 200.
    var status: Int
    /// Header fields in order; `Content-Length` and `Connection` are added when written.
    var headers: [(name: String, value: String)]
    /// The body bytes.
    var body: [UInt8]
    /// Set by fault injection: how the bytes go on the wire.
    var delivery: Delivery = .whole

    /// How a response reaches the client; anything but `.whole` is a fault injected for tests.
    enum Delivery: Sendable {
        /// Every byte, then the connection stays open when the client allows.
        case whole
        /// The head claims the whole body, half of it is sent, then the connection closes.
        case truncated
        /// Nothing is sent; the connection closes.
        case dropped
    }

    /// A response with `body` as `application/json`.
    static func json(_ status: Int, _ body: [UInt8], headers: [(name: String, value: String)] = []) -> ServerResponse {
        ServerResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: body)
    }

    /// A response with no body (204, 304).
    static func empty(_ status: Int, headers: [(name: String, value: String)] = []) -> ServerResponse {
        ServerResponse(status: status, headers: headers, body: [])
    }

    /// The bytes of the status line and headers, ending with the blank line.
    func head(keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(for: status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if status != 304 && status != 204 { text += "Content-Length: \(body.count)\r\n" }
        text += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Array(text.utf8)
    }

    /// The reason phrase for the status codes this server sends.
    static func reason(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
