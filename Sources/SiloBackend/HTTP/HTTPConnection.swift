import Dispatch

/// Serves the requests of one connection on its own thread: keep-alive, `Content-Length` bodies,
/// the limits and timeouts of `ServerLimits`, and a clear refusal for anything else.
///
/// Whatever a client sends (a malformed request line, oversized headers, a wrong length, a body
/// that never arrives, silence) ends in an error response or a closed connection, never in a crash,
/// and touches no other connection.
final class HTTPConnection {
    private let socket: Socket
    private let limits: ServerLimits
    private let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    private var buffer: [UInt8] = []

    init(socket: Socket, limits: ServerLimits, handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) {
        self.socket = socket
        self.limits = limits
        self.handler = handler
    }

    /// Serves requests until the client closes, a timeout passes, or a request cannot be served.
    func serve() {
        defer { socket.close() }
        while serveOne() {}
    }

    /// Serves one request; `false` when the connection must close.
    private func serveOne() -> Bool {
        let (headEnd, deadline): (Int, ContinuousClock.Instant)
        switch readHead() {
        case .head(let end, let requestDeadline): (headEnd, deadline) = (end, requestDeadline)
        case .closed: return false
        case .refused(let status, let message):
            refuse(status, message)
            return false
        }
        let head: RequestHead
        let length: Int
        do {
            head = try RequestHead.parse(buffer[..<headEnd])
            length = try head.contentLength(limit: limits.maxBodyBytes)
        } catch {
            refuse(error.status, error.message)
            return false
        }
        if length > 0, head.headers["expect"]?.lowercased() == "100-continue" {
            socket.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        let bodyStart = headEnd + 4
        while buffer.count < bodyStart + length {
            switch socket.read(into: &buffer, deadline: deadline) {
            case .bytes: continue
            case .closed: return false
            case .timedOut:
                refuse(408, "the body did not arrive in time: \(buffer.count - bodyStart) of \(length) bytes")
                return false
            }
        }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        guard let (path, query) = RequestTarget.split(head.target) else {
            refuse(400, "the query is not valid percent-encoded UTF-8")
            return false
        }
        let request = HTTPRequest(method: head.method, path: path, query: query, headers: head.headers, body: body)
        let response = Self.wait { [handler] in await handler(request) }
        return send(response, keepAlive: head.keepsAlive)
    }

    private enum HeadResult {
        case head(end: Int, deadline: ContinuousClock.Instant)
        case closed
        case refused(Int, String)
    }

    /// Reads until the blank line ending the head: idle time before the first byte, then the
    /// request timeout for the rest.
    private func readHead() -> HeadResult {
        var deadline = ContinuousClock.now + limits.idleTimeout
        var started = !buffer.isEmpty
        if started { deadline = ContinuousClock.now + limits.requestTimeout }
        var scanned = 0
        while true {
            if let end = Self.headEnd(in: buffer, from: scanned) {
                guard end <= limits.maxHeaderBytes else { break }
                return .head(end: end, deadline: deadline)
            }
            guard buffer.count <= limits.maxHeaderBytes else { break }
            scanned = max(0, buffer.count - 3)
            switch socket.read(into: &buffer, deadline: deadline) {
            case .bytes:
                if !started {
                    started = true
                    deadline = ContinuousClock.now + limits.requestTimeout
                }
            case .closed: return .closed
            case .timedOut:
                return started ? .refused(408, "the request head did not arrive in time") : .closed
            }
        }
        return .refused(431, "the request line and headers exceed \(limits.maxHeaderBytes) bytes")
    }

    private func refuse(_ status: Int, _ message: String) {
        _ = send(.error(status: status, code: APIErrorCode.forStatus(status), message: message), keepAlive: false)
    }

    /// Writes `response` as its delivery says; `true` when the connection may serve another request.
    private func send(_ response: HTTPResponse, keepAlive: Bool) -> Bool {
        switch response.delivery {
        case .whole:
            let written = socket.write(response.head(keepAlive: keepAlive) + response.body)
            return written && keepAlive
        case .truncated:
            socket.write(response.head(keepAlive: false) + response.body.prefix(response.body.count / 2))
            return false
        case .dropped:
            return false
        }
    }

    /// Where the blank line ending the head starts, scanning from `start` (the caller passes where
    /// the previous scan stopped, so a client sending one byte at a time costs no more).
    private static func headEnd(in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard bytes.count >= 4, start <= bytes.count - 4 else { return nil }
        for index in start...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Runs `operation` on the Swift concurrency pool and blocks this connection thread until it
    /// returns. Connection threads are plain threads, never the pool's, so blocking one is safe.
    private static func wait<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await operation()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}

/// Carries a result from a task to the thread waiting on a semaphore.
///
/// `@unchecked Sendable` is safe: `value` is written once by the task before it signals the
/// semaphore, and read only by the waiting thread after `wait()` returns, so the semaphore orders
/// the write before the read.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
