import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback TCP port no other test can take while one test leaves it unused for a while (a
/// server that is down, then started again on the same port).
///
/// A port a server released is not safe: the kernel hands ports of its ephemeral range to every
/// outgoing connection and to every server started with port 0, so on a busy test run another one
/// can take it before the server is back ("Address already in use"). This one lies below that
/// range, where only an explicit bind to its number reaches, and nothing here binds one but the
/// test that asked for it: no port is handed out twice in one test process.
public enum QuietPort {
    private static let handedOut = Locked<Set<Int>>([])

    /// A port below the ephemeral range that is free now on 127.0.0.1 (found by binding it and
    /// letting go) and was never handed out before in this process.
    ///
    /// - Throws: `CocoaError` when no port below the range can be bound.
    public static func find() throws -> Int {
        let ephemeralStart = ephemeralRangeStart()
        let candidates = max(1_024, ephemeralStart - 10_000)..<ephemeralStart
        let offset = Int.random(in: 0..<candidates.count)
        for step in 0..<candidates.count {
            let port = candidates.lowerBound + (offset + step) % candidates.count
            let isNew = handedOut.withLock { $0.insert(port).inserted }
            if isNew, canBind(port) { return port }
        }
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "no free port in \(candidates)"])
    }

    /// The first port of the kernel's ephemeral range (32768 when it cannot be read).
    private static func ephemeralRangeStart() -> Int {
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 32_768
    }

    private static func canBind(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
