import Foundation
import Testing

/// URLs the stores must keep byte for byte.
enum ContractURLs {
    /// Playback URLs with percent-encoded reserved characters (`%2F`, `%25`, `%2B`, `%3D`, `%26`),
    /// query strings, a fragment, and non-ASCII paths and hosts in their encoded ASCII form.
    ///
    /// Written encoded on purpose: on Linux, `URL(string:)` re-encodes an existing `%` when the
    /// string also holds non-ASCII characters, so a raw `é%20` would not be the URL it claims.
    static let playbackSamples = [
        "https://cdn.example.com/v/1.m3u8?token=abc",
        "https://cdn.example.com/v/a%2Fb%25c%2Bd%3De%26f.m3u8",
        "https://cdn.example.com/v/x.m3u8?sig=a%2Fb%2B%3D%3D&expires=1700000000&note=a+b&amp=%26&pct=100%25",
        "https://cdn.example.com/vid%C3%A9os/%C3%A9t%C3%A9%202024.m3u8?token=a+b&lang=fr",
        "https://xn--r8jz45g.jp/%E5%8B%95%E7%94%BB/1.mp4",
        "https://cdn.example.com/v/2.m3u8#t=10",
    ]

    /// The URL `text` spells, failing the check when the platform would make it another URL.
    static func url(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let url = try #require(URL(string: text), "\(text) is not a URL", sourceLocation: sourceLocation)
        try #require(
            url.absoluteString == text,
            "the sample \(text) became \(url.absoluteString) on this platform",
            sourceLocation: sourceLocation
        )
        return url
    }
}
