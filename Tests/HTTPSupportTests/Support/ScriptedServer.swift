import Foundation
import IntegrationSupport
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback HTTP server that does exactly what a test scripts, byte for byte: each accepted
/// connection is handed, on a thread of its own, to the script for its number (0, 1, ...). A test
/// waits on `events` (what the server accepted, read and saw closed), never on time.
final class ScriptedServer: Sendable {
    /// What happened at the server, in order.
    enum Event: Equatable, Sendable {
        /// Connection `number` was accepted.
        case accepted(Int)
        /// Connection `number` received a request whose first line is `line`.
        case request(Int, line: String)
        /// The client closed connection `number` (or it failed).
        case closedByClient(Int)
    }

    /// One accepted connection, as a script drives it with blocking calls on its own thread.
    final class Connection: Sendable {
        let number: Int
        private let descriptor: Int32
        private let report: @Sendable (Event) -> Void
        private let pending = Locked<[UInt8]>([])

        fileprivate init(number: Int, descriptor: Int32, report: @escaping @Sendable (Event) -> Void) {
            self.number = number
            self.descriptor = descriptor
            self.report = report
        }

        /// Reads one request (its head, and a body as long as its `Content-Length`) and returns its
        /// first line, or `nil` when the client closed the connection first.
        @discardableResult
        func readRequest() -> String? {
            while true {
                let bytes = pending.current
                if let end = Self.find([13, 10, 13, 10], in: bytes) {
                    let head = String(decoding: bytes[..<end], as: UTF8.self)
                    let length =
                        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                        .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                    if bytes.count >= end + 4 + length {
                        pending.withLock { $0.removeFirst(end + 4 + length) }
                        let line = head.split(separator: "\r\n").first.map(String.init) ?? ""
                        report(.request(number, line: line))
                        return line
                    }
                }
                guard readMore() else { return nil }
            }
        }

        /// Sends `text` as it is.
        func write(_ text: String) {
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let sent = bytes.withUnsafeBytes {
                    send(descriptor, $0.baseAddress! + offset, $0.count - offset, LoopbackSocket.noSignal)
                }
                guard sent > 0 else { return }
                offset += sent
            }
        }

        /// Waits until the client closes the connection.
        func waitForClientClose() {
            while readMore() {}
        }

        /// Closes the connection from the server's side.
        func close() {
            shutdown(descriptor, Int32(SHUT_RDWR))
        }

        private func readMore() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                report(.closedByClient(number))
                return false
            }
            pending.withLock { $0 += chunk[..<count] }
            return true
        }

        private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
            guard bytes.count >= pattern.count else { return nil }
            return (0...bytes.count - pattern.count).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
        }

        deinit { Socket.close(descriptor) }
    }

    /// The port it listens on, on 127.0.0.1.
    let port: Int
    private let record = AwaitableState<[Event]>([])
    private let listener: Int32
    private let isStopped = Locked(false)
    /// The base URL of the server.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts listening; connection `n` runs `scripts[n]` (the last script for any later one).
    init(_ scripts: [@Sendable (Connection) -> Void]) throws {
        let (listener, port) = try LoopbackSocket.make()
        guard listen(listener, 16) == 0 else {
            Socket.close(listener)
            throw ScriptedServerFailure()
        }
        self.listener = listener
        self.port = port
        let isStopped = isStopped
        let record = record
        let report: @Sendable (Event) -> Void = { event in record.update { $0.append(event) } }
        let thread = Thread {
            var number = 0
            while true {
                let descriptor = accept(listener, nil, nil)
                guard descriptor >= 0 else {
                    // Only `stop()` ends the loop: it shut the listener down, and closing it is
                    // this thread's last act. Any other failure (an aborted connection) passes.
                    guard isStopped.current else { continue }
                    Socket.close(listener)
                    return
                }
                let connection = Connection(number: number, descriptor: descriptor, report: report)
                report(.accepted(number))
                let script = scripts[min(number, scripts.count - 1)]
                Thread { script(connection) }.start()
                number += 1
            }
        }
        thread.start()
    }

    /// A script answering every request on its connection with `answer`, until the client closes it.
    static func answering(_ answer: String) -> @Sendable (Connection) -> Void {
        { connection in
            while connection.readRequest() != nil { connection.write(answer) }
        }
    }

    /// Returns once `event` has happened (at once if it already has).
    func wait(for event: Event) async throws {
        _ = try await HangGuard.run("the scripted server to see \(event)") { [record] in
            try await record.wait(until: { $0.contains(event) })
        }
    }

    /// Everything that has happened so far.
    var events: [Event] { record.current }

    /// Stops accepting connections; the ones open go on with their scripts.
    func stop() {
        // Once only: after the first, the accepting thread closes the listener, and its number
        // may already belong to another descriptor.
        guard
            !isStopped.withLock({ stopped in
                defer { stopped = true }; return stopped
            })
        else { return }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    deinit {
        stop()
    }
}

/// The scripted server could not listen.
struct ScriptedServerFailure: Error {}

/// A loopback port held by a socket that does not listen: connecting to it is refused, and no
/// other test can be given the port while this lives.
final class RefusingPort: Sendable {
    /// The port, on 127.0.0.1.
    let port: Int
    private let descriptor: Int32

    init() throws {
        (descriptor, port) = try LoopbackSocket.make()
    }

    deinit { Socket.close(descriptor) }
}

/// TCP sockets bound to 127.0.0.1 on a port the system picks.
private enum LoopbackSocket {
    /// A new socket bound to a free loopback port, and the port.
    static func make() throws -> (descriptor: Int32, port: Int) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            Socket.close(descriptor)
            throw ScriptedServerFailure()
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    #if canImport(Glibc)
        /// `send(2)` flags that keep a write to a closed connection from raising SIGPIPE.
        static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        static let noSignal: Int32 = 0
    #endif
}
