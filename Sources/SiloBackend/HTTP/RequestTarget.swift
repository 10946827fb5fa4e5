import Foundation

/// Splits a request target into its path and decoded query items.
enum RequestTarget {
    /// The path (still percent-encoded) and the query items (decoded), or `nil` when an item is
    /// not valid percent-encoded UTF-8.
    static func split(_ target: String) -> (path: String, query: [(name: String, value: String)])? {
        guard let mark = target.firstIndex(of: "?") else { return (target, []) }
        var items: [(name: String, value: String)] = []
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts[0].removingPercentEncoding else { return nil }
            let value = parts.count > 1 ? parts[1].removingPercentEncoding : ""
            guard let value else { return nil }
            items.append((name, value))
        }
        return (String(target[..<mark]), items)
    }
}
