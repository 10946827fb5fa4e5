import IntegrationSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One TCP connection of the socket transport. Every wait on the server is a `poll(2)` on the
/// socket and the attempt's `WakeUpPipe` with no timeout: the thread sleeps until the server or
/// the attempt's deadline (or a cancel, through the pipe) has something to say, and never spins.
/// Resolving the host (`getaddrinfo`) is the one wait the pipe cannot end; plain `http` is only
/// allowed to loopback names, which resolve at once.
///
/// `@unchecked Sendable` is safe: one attempt uses a connection at a time. The pool hands it out
/// under its lock and takes it back only after the attempt is done with it.
final class ClientConnection: @unchecked Sendable {
    /// The socket.
    let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        Socket.close(descriptor)
    }

    /// Connects to `host` (a name or an address) on `port`, trying each address it resolves to.
    ///
    /// - Throws: `.failed` (transient) when no address accepts, `.abandoned` when woken.
    static func open(host: String, port: Int, wake: WakeUpPipe) throws(ExchangeError) -> ClientConnection {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        hints.ai_flags = AI_NUMERICSERV
        var addresses: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &addresses) == 0, let first = addresses else {
            throw .transient("the server's host name could not be resolved")
        }
        defer { freeaddrinfo(first) }
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next?.pointee {
            next = address.ai_next
            let descriptor = socket(address.ai_family, address.ai_socktype | closeOnExec, address.ai_protocol)
            guard descriptor >= 0 else { continue }
            let connection = ClientConnection(descriptor: descriptor)
            #if !canImport(Glibc)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            #endif
            Socket.makeNonBlocking(descriptor)
            if connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 {
                guard errno == EINPROGRESS else { continue }
                try connection.wait(for: POLLOUT, wake: wake)
                var failure: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
                guard failure == 0 else { continue }
            }
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            return connection
        }
        throw .transient("could not connect to the server")
    }

    /// Sends all of `bytes`. When the server answers (or closes) before taking them all, as a
    /// server refusing a request early may, it stops: the answer is what counts, and the
    /// connection must not carry another request.
    ///
    /// - Returns: whether every byte was sent.
    /// - Throws: `.abandoned` when woken.
    func write(_ bytes: [UInt8], wake: WakeUpPipe) throws(ExchangeError) -> Bool {
        var offset = 0
        while offset < bytes.count {
            switch Socket.write(descriptor, bytes, from: offset) {
            case .sent(let count): offset += count
            case .failed: return false
            case .wouldBlock:
                if try wait(for: POLLOUT | POLLIN, wake: wake) & Int16(POLLIN) != 0 { return false }
            }
        }
        return true
    }

    /// Waits for bytes and appends what arrived to `buffer`.
    ///
    /// - Returns: `false` when the server closed the connection.
    /// - Throws: `.abandoned` when woken; `.lostBeforeAnswer` when the connection failed (a reset),
    ///   which the reader reports as a cut answer once any byte of it came.
    func read(into buffer: inout [UInt8], wake: WakeUpPipe) throws(ExchangeError) -> Bool {
        while true {
            switch Socket.read(descriptor, into: &buffer) {
            case .bytes: return true
            case .closed: return false
            case .failed: throw .lostBeforeAnswer
            case .wouldBlock: try wait(for: POLLIN, wake: wake)
            }
        }
    }

    /// Whether a kept-alive connection can carry another request: nothing has arrived on it
    /// (a server that closed an idle connection makes it readable).
    var isIdle: Bool {
        !Socket.isReadable(descriptor)
    }

    /// Sleeps until the socket is ready for `events`, returning the events that are ready.
    @discardableResult
    private func wait(for events: Int32, wake: WakeUpPipe) throws(ExchangeError) -> Int16 {
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(events), revents: 0),
            pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                guard errno == EINTR else { throw .failed(.transport(reason: "poll(2) failed", isTransient: false)) }
                continue
            }
            if descriptors[1].revents != 0 { throw .abandoned }
            if descriptors[0].revents != 0 { return descriptors[0].revents }
        }
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let closeOnExec = Int32(SOCK_CLOEXEC.rawValue)
    #else
        private static let streamType = SOCK_STREAM
        private static let closeOnExec: Int32 = 0
    #endif
}
