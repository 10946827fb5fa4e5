#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connected or listening TCP socket: a file descriptor with reads bounded by a deadline.
///
/// Not `Sendable` by design: one connection thread owns each socket.
final class Socket {
    let descriptor: Int32
    private var isClosed = false

    /// Wraps `descriptor`; a write that cannot go on for `sendTimeout` fails (a client that stops
    /// reading never holds a thread for ever).
    init(descriptor: Int32, sendTimeout: Duration = .seconds(10)) {
        self.descriptor = descriptor
        var timeout = timeval(tv_sec: Int(sendTimeout.components.seconds), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit { close() }

    /// What a bounded read found.
    enum ReadResult {
        case bytes(Int)
        case closed
        case timedOut
    }

    /// Reads what has arrived into `buffer`, waiting until `deadline` at most.
    func read(into buffer: inout [UInt8], deadline: ContinuousClock.Instant) -> ReadResult {
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return .timedOut }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                min(left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return .closed }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .closed }
            buffer.append(contentsOf: chunk[..<count])
            return .bytes(count)
        }
    }

    /// Writes every byte; `false` when the peer went away.
    @discardableResult
    func write(_ bytes: some Collection<UInt8>) -> Bool {
        let bytes = Array(bytes)
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + sent, raw.count - sent, Self.noSignal)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Closes the descriptor; later calls do nothing.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        shutdown(descriptor, Int32(SHUT_RDWR))
        _ = systemClose(descriptor)
    }

    #if canImport(Glibc)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif
}

/// `close(2)`, named apart from `Socket.close()`.
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
