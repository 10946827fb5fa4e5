import Foundation

/// A generated stand-in for a video file, so the tour can upload something real.
enum SampleVideo {
    /// Writes a 3 MiB file of patterned bytes into `directory` and returns its URL.
    static func make(in directory: URL, byteCount: Int = 3 << 20) throws -> URL {
        let url = directory.appendingPathComponent("tour-sample-\(UUID().uuidString.prefix(8)).mp4")
        var bytes = [UInt8](repeating: 0, count: byteCount)
        for index in bytes.indices {
            bytes[index] = UInt8(truncatingIfNeeded: index &* 131 &+ index >> 9)
        }
        try Data(bytes).write(to: url)
        return url
    }
}
