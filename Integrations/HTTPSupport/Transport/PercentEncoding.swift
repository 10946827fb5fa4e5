import Foundation

/// Percent-encoding for path segments and query items: everything but RFC 3986's unreserved
/// ASCII characters is encoded, so ids and text with `/`, `?`, `&`, `+`, `#`, `%` or non-ASCII
/// letters reach the server exactly as they were.
enum PercentEncoding {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `text` with every reserved or non-ASCII character encoded.
    static func encode(_ text: String) -> String {
        // Cannot fail: every Swift string is valid Unicode, and the set holds only ASCII.
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// `name=value&...`, each part encoded.
    static func query(_ items: [URLQueryItem]) -> String {
        items.map { encode($0.name) + "=" + encode($0.value ?? "") }.joined(separator: "&")
    }
}
