import Foundation

/// One encoded variant of a media item, available once it is ready.
public struct Rendition: Hashable, Sendable, Codable {
    /// The rendition's short name, e.g. `"1080p"`.
    public var name: String
    /// The frame width in pixels.
    public var width: Int
    /// The frame height in pixels.
    public var height: Int
    /// The average bitrate in kilobits per second.
    public var bitrateKbps: Int
    /// Where this rendition streams from.
    public var url: URL

    /// Creates a rendition.
    public init(name: String, width: Int, height: Int, bitrateKbps: Int, url: URL) {
        self.name = name
        self.width = width
        self.height = height
        self.bitrateKbps = bitrateKbps
        self.url = url
    }
}
