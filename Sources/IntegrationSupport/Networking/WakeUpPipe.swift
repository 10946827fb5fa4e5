#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wakes a thread waiting in `poll(2)` from another thread: a byte written to a pipe the waiting
/// thread polls beside its sockets. The backend's event loop uses one for finished responses; each
/// attempt of the HTTP client's socket transport uses one for its deadline and cancellation.
///
/// `Sendable`: both descriptors are fixed at creation and closed only in `deinit`, and `write(2)`
/// and `read(2)` on a pipe are safe from any thread.
public final class WakeUpPipe: Sendable {
    /// The end to poll for `POLLIN`.
    public let readEnd: Int32
    private let writeEnd: Int32

    /// A new pipe, both ends non-blocking and closed on `exec` (atomically on Linux, a socket
    /// pair, so a process started meanwhile by another thread never inherits them).
    ///
    /// - Throws: `SystemError` when the process is out of descriptors.
    public init() throws(SystemError) {
        var ends: [Int32] = [0, 0]
        #if canImport(Glibc)
            // A connected socket pair is a pipe that can be made close-on-exec as it is made.
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            guard socketpair(AF_UNIX, type, 0, &ends) == 0 else {
                throw SystemError("socketpair", path: "(wake-up pipe)")
            }
        #else
            guard pipe(&ends) == 0 else { throw SystemError("pipe", path: "(wake-up pipe)") }
            for end in ends {
                Socket.makeNonBlocking(end)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        #endif
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Whether it has been signalled and not drained: a thread about to start blocking work
    /// checks it first.
    public var isSignalled: Bool {
        Socket.isReadable(readEnd)
    }

    /// Makes the next `poll` on `readEnd` return (a full pipe already does).
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe, after a wake-up.
    public func drain() {
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}
