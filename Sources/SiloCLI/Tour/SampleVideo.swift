// scripts/remove-service deletes this file with the service it is part of: hosting
import Foundation

/// A generated stand-in for a video file, so the tour can upload something real.
///
/// Named `tour-sample-<pid>-<random>.mp4`: the tour removes its own when it ends or is interrupted,
/// and removes those of tours that were killed (their process no longer exists) when it starts.
enum SampleVideo {
    static let prefix = "tour-sample-"

    /// Writes a 3 MiB file of patterned bytes into `directory` and returns its URL.
    static func make(in directory: URL, byteCount: Int = 3 << 20) throws -> URL {
        let name = "\(prefix)\(getpid())-\(UUID().uuidString.prefix(8).lowercased()).mp4"
        let url = directory.appendingPathComponent(name)
        var bytes = [UInt8](repeating: 0, count: byteCount)
        for index in bytes.indices {
            bytes[index] = UInt8(truncatingIfNeeded: index &* 131 &+ index >> 9)
        }
        try Data(bytes).write(to: url)
        return url
    }

    /// Removes the samples in `directory` that belong to processes that no longer exist.
    static func removeAbandoned(in directory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".mp4") {
            let fields = name.dropFirst(prefix.count).split(separator: "-")
            guard let pid = fields.first.flatMap({ Int32($0) }), pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
        }
    }
}
