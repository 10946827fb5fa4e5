import Foundation
import IntegrationSupport

/// The head of an HTTP/1.x response: its status and header fields.
struct ResponseHead {
    /// The status code, 100–599.
    let status: Int
    /// Header fields by lowercased name; repeated fields joined with `, `.
    let fields: [String: String]
    /// Whether the server keeps the connection open after this response.
    let keepsAlive: Bool

    /// Parses `text`, the head without its closing blank line; `nil` when it is not a valid head.
    init?(_ text: String) {
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
        guard let statusLine = lines.popFirst() else { return nil }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
            let status = Int(parts[1]), (100...599).contains(status)
        else { return nil }
        guard let fields = try? HTTPHeadSyntax.fields(lines) else { return nil }
        self.status = status
        self.fields = fields
        keepsAlive = HTTPHeadSyntax.keepsAlive(version: parts[0], fields: fields)
    }

    /// An interim answer (`1xx` other than `101`), which a final one follows.
    var isInterim: Bool { (100..<200).contains(status) && status != 101 }

    /// The value of header `name` (lowercased).
    subscript(name: String) -> String? { fields[name] }
}
