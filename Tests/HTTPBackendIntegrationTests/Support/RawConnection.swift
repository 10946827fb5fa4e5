import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain TCP connection to the backend, to send bytes no well-behaved client would.
final class RawConnection {
    private let descriptor: Int32

    init(port: Int) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw BackendProcessFailure(description: "cannot connect to port \(port)") }
    }

    deinit { close(descriptor) }

    /// Sends `bytes`; `false` once the server has closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            #if canImport(Glibc)
                Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL)) == raw.count
            #else
                Darwin.send(descriptor, raw.baseAddress, raw.count, 0) == raw.count
            #endif
        }
    }

    /// Sends `text` as UTF-8.
    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Everything the server sends until it closes the connection or `timeout` passes.
    ///
    /// Polls without waiting and sleeps between polls, so it never blocks a thread of the
    /// cooperative pool (two threads on a two-core machine: blocking them stalls every test).
    func readUntilClosed(timeout: Duration) async -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else {
                try? await Task.sleep(for: .milliseconds(10))
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return (String(decoding: received, as: UTF8.self), true) }
            received += chunk[..<count]
        }
        return (String(decoding: received, as: UTF8.self), false)
    }
}
