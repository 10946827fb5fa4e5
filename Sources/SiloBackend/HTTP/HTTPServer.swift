import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on the loopback interface: one thread accepts, one thread per
/// connection serves (see `HTTPConnection`), and each request is handed to an async handler.
///
/// Loopback only, on purpose: it is a development backend, not an internet-facing server.
final class HTTPServer: Sendable {
    /// The port it listens on (the one the system picked when asked for port 0).
    let port: Int
    private let listener: Int32
    private let limits: ServerLimits
    private let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    private let connections = ConnectionCount()

    /// Why the server could not listen.
    struct ListenError: Error, CustomStringConvertible {
        var description: String
    }

    /// Binds 127.0.0.1:`port` (0 for any free port) and listens; call `run()` to serve.
    init(port: Int, limits: ServerLimits, handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) throws {
        signal(SIGPIPE, SIG_IGN)
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw ListenError(description: "socket(): \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = close(descriptor)
            throw ListenError(description: "cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        listener = descriptor
        self.limits = limits
        self.handler = handler
    }

    /// Accepts connections until the process ends; each gets its own thread.
    func run() -> Never {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                // Out of descriptors (EMFILE) or a transient error: wait instead of spinning.
                usleep(10_000)
                continue
            }
            let socket = Socket(descriptor: client, sendTimeout: limits.requestTimeout)
            guard connections.enter(limit: limits.maxConnections) else {
                let busy = HTTPResponse.error(
                    status: 503, code: .unavailable, message: "too many connections; retry shortly")
                socket.write(busy.head(keepAlive: false) + busy.body)
                socket.close()
                continue
            }
            let handoff = Handoff(HTTPConnection(socket: socket, limits: limits, handler: handler))
            let thread = Thread { [connections] in
                handoff.value.serve()
                connections.leave()
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }
}

/// Moves a connection to the one thread that serves it.
///
/// `@unchecked Sendable` is safe: the accepting thread creates the value, hands it over and never
/// touches it again, so only the serving thread ever uses it.
private struct Handoff<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// How many connections are being served.
///
/// `@unchecked Sendable` is safe: `count` is read and written only while holding `lock`.
private final class ConnectionCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func enter(limit: Int) -> Bool {
        lock.withLock {
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func leave() {
        lock.withLock { count -= 1 }
    }
}
