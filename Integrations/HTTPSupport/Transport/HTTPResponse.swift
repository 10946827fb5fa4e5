import Foundation

/// A response as the transport received it.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields by lowercased name.
    public var headers: [String: String]
    /// The body bytes (decompressed by the transport when the server compressed them).
    public var body: Data
    /// The attempt that got this answer, from 1.
    public var attempt = 1

    /// Creates a response.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of header `name` (any case).
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
