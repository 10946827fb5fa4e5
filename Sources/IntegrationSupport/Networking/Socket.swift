#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Non-blocking socket calls: each does what it can now and says so, never waits. The backend's
/// event loop and the HTTP client's socket transport both wait in `poll(2)` and then call these.
public enum Socket {
    /// What one read found.
    public enum ReadOutcome {
        /// This many bytes were appended.
        case bytes(Int)
        /// Nothing to read now.
        case wouldBlock
        /// The peer closed the connection (an orderly end).
        case closed
        /// The connection failed (reset, or another error): what arrived may be cut short.
        case failed
    }

    /// What one write did.
    public enum WriteOutcome {
        /// This many bytes were sent.
        case sent(Int)
        /// The socket's send buffer is full now.
        case wouldBlock
        /// The peer went away.
        case failed
    }

    /// Makes `descriptor` non-blocking; on Apple platforms also stops SIGPIPE on writes.
    public static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Reads what has arrived (up to 64 KiB) and appends it to `buffer`.
    public static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> ReadOutcome {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return .bytes(count)
            }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed
            }
        }
    }

    /// Sends as many of `bytes[offset...]` as the socket takes now.
    public static func write(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) -> WriteOutcome {
        guard offset < bytes.count else { return .sent(0) }
        while true {
            let count = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + offset, raw.count - offset, noSignal)
            }
            if count >= 0 { return .sent(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed
            }
        }
    }

    /// Whether `descriptor` has something to read now (bytes, or the peer's close), without
    /// waiting.
    public static func isReadable(_ descriptor: Int32) -> Bool {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        return poll(&descriptors, 1, 0) > 0
    }

    /// Shuts the connection down both ways and closes the descriptor.
    public static func close(_ descriptor: Int32) {
        shutdown(descriptor, Int32(SHUT_RDWR))
        _ = systemClose(descriptor)
    }

    #if canImport(Glibc)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif
}

/// `close(2)`, named apart from `Socket.close(_:)`.
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
