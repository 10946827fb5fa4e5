import Foundation
import TestSupport

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
        #if canImport(Darwin)
            // A send to a reset connection fails instead of ending the test process with SIGPIPE
            // (Linux's sends here pass MSG_NOSIGNAL).
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit { close(descriptor) }

    /// The connection's own port on 127.0.0.1: how the backend's test controls name it.
    var localPort: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

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

    /// Sends `bytes`, more than the socket buffers hold, from a thread of its own (the send blocks
    /// until the server has read them): `false` when the server closed or reset the connection
    /// first. `HangGuard` fails a server that stops reading.
    func sendBlocking(_ bytes: [UInt8]) async throws -> Bool {
        let descriptor = self.descriptor
        return try await HangGuard.run("the backend reading \(bytes.count) bytes on a raw connection") {
            await DedicatedThread.run {
                var offset = 0
                while offset < bytes.count {
                    let count = bytes[offset...].withUnsafeBytes { raw in
                        #if canImport(Glibc)
                            Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                        #else
                            Darwin.send(descriptor, raw.baseAddress, raw.count, 0)
                        #endif
                    }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return false }
                    offset += count
                }
                return true
            }
        }
    }

    /// Everything the server sends until it closes the connection.
    ///
    /// Blocks in `recv` on a thread of its own (never one of the cooperative pool), so it waits
    /// for the server's close, not for a deadline; `HangGuard` fails a server that never closes.
    func readUntilClosed() async throws -> String {
        try await read { _ in false }
    }

    /// The server's next complete response (head and `Content-Length` body), or what it sent
    /// before it closed the connection.
    func readResponse() async throws -> String {
        try await read(until: Self.holdsCompleteResponse)
    }

    /// Whether `text` starts with a complete HTTP response.
    @Sendable static func holdsCompleteResponse(_ text: String) -> Bool {
        guard let headEnd = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<headEnd.lowerBound].lowercased()
        let length =
            head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return text.utf8.count - text[..<headEnd.upperBound].utf8.count >= length
    }

    /// What the server sends until `isEnough` holds for it, or it closes the connection.
    func read(until isEnough: @escaping @Sendable (String) -> Bool) async throws -> String {
        let descriptor = self.descriptor
        return try await HangGuard.run("the backend's answer on a raw connection") {
            await DedicatedThread.run {
                var received: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 65_536)
                while !isEnough(String(decoding: received, as: UTF8.self)) {
                    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    received += chunk[..<count]
                }
                return String(decoding: received, as: UTF8.self)
            }
        }
    }

    /// Whether the server has closed the connection: a read finds the end of the stream.
    func isClosedByServer() async -> Bool {
        let descriptor = self.descriptor
        return await DedicatedThread.run {
            var byte: UInt8 = 0
            while true {
                let count = recv(descriptor, &byte, 1, 0)
                if count < 0 && errno == EINTR { continue }
                return count <= 0
            }
        }
    }
}
