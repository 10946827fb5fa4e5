import Foundation
import IntegrationSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on the loopback interface: one thread waits on every socket at once
/// with `poll(2)` (see `EventLoop`), and each complete request is handed to an async handler.
///
/// A client that sends slowly, or not at all, costs a buffer and a descriptor, never a thread, so
/// it cannot keep other clients from being answered. Loopback only, on purpose: it is a
/// development backend, not an internet-facing server.
final class HTTPServer: Sendable {
    /// The port it listens on (the one the system picked when asked for port 0).
    let port: Int
    /// What the loop shows of its connections, for the test controls.
    let status: ServerStatus
    private let listener: Int32
    private let limits: ServerLimits
    private let clock: ServerClock
    private let screen: @Sendable (RequestHead) -> ServerResponse?
    private let handler: @Sendable (ServerRequest) async -> ServerResponse

    /// Why the server could not listen.
    struct ListenError: Error, CustomStringConvertible {
        var description: String
    }

    /// Binds 127.0.0.1:`port` (0 for any free port) and listens; call `run()` to serve.
    ///
    /// - Parameters:
    ///   - clock: what the timeouts in `limits` are measured on.
    ///   - status: where the loop shows its connections, when the test controls ask it to.
    ///   - screen: looks at each request's head before its body is read, and answers instead of
    ///     the handler when it returns a response (a wrong content type gets 415 at once).
    ///   - handler: answers each complete request; runs on Swift's concurrency pool.
    init(
        port: Int,
        limits: ServerLimits,
        clock: ServerClock,
        status: ServerStatus = ServerStatus(),
        screen: @escaping @Sendable (RequestHead) -> ServerResponse? = { _ in nil },
        handler: @escaping @Sendable (ServerRequest) async -> ServerResponse
    ) throws(ListenError) {
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
        guard bound == 0, listen(descriptor, 512) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = close(descriptor)
            throw ListenError(description: "cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        Socket.makeNonBlocking(descriptor)
        self.port = Int(UInt16(bigEndian: address.sin_port))
        listener = descriptor
        var limits = limits
        limits.maxConnections = min(limits.maxConnections, Self.descriptorBudget())
        self.limits = limits
        self.clock = clock
        self.status = status
        self.screen = screen
        self.handler = handler
    }

    /// Serves until the process ends, on the calling thread (give it one of its own).
    func run() -> Never {
        let loop = EventLoop(
            listener: listener, limits: limits, clock: clock, screen: screen, handler: handler, status: status)
        loop.run()
    }

    /// How many connections the process's descriptor limit leaves room for, after raising the
    /// soft limit as far as the hard one allows; 64 are kept for files and pipes.
    static func descriptorBudget() -> Int {
        #if canImport(Glibc)
            let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 256 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 65_536)
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return max(16, Int(min(limit.rlim_cur, 65_536)) - 64)
    }
}
