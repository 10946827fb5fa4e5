import IntegrationSupport

/// One client connection as the event loop sees it: the bytes read so far, where the request
/// stands, what is left to write, and when the server gives up waiting.
///
/// Pure bookkeeping: it never blocks and never touches the socket itself; the loop reads and
/// writes and feeds it what happened. Keep-alive, pipelining, `Content-Length` bodies, the limits
/// and timeouts of `ServerLimits`, and a clear refusal for anything else: whatever a client sends
/// (a malformed request line, oversized headers, a wrong length, a body that never arrives,
/// silence) ends in an error response or a closed connection, and touches no other connection.
///
/// Not `Sendable`: the loop's thread owns every connection.
final class HTTPConnection {
    /// Where the connection's current request stands.
    enum Phase {
        /// Waiting for a request's head: `firstByteAt` is set once any of it has arrived.
        case awaitingHead(since: Duration, firstByteAt: Duration?)
        /// The head is in; waiting for `length` body bytes that start at `bodyStart` in the buffer.
        case readingBody(head: RequestHead, length: Int, bodyStart: Int, firstByteAt: Duration)
        /// The request is with the handler.
        case handling(keepAlive: Bool)
        /// Writing a response; `closeAfter` when the connection ends once it is out, `drainAfter`
        /// when it is a refusal of a request whose body the client may still be sending.
        case writing(since: Duration, closeAfter: Bool, drainAfter: Bool)
        /// The refusal is out and the write side shut: reading and dropping what the client still
        /// sends until it closes, so it is not reset mid-send and can read the refusal.
        case draining(since: Duration)
    }

    /// What the loop must do after feeding the connection an event.
    enum Step {
        /// Nothing now: wait for the socket or the deadline.
        case wait
        /// Hand this request to the handler, then call `respond(with:now:)`.
        case dispatch(ServerRequest)
        /// Shut the write side (the client reads the end of the answer), then keep reading.
        case drain
        /// Close the connection.
        case close
    }

    /// The socket.
    let descriptor: Int32
    /// Unique for the life of the server: a response for a connection that has gone is dropped.
    let id: Int
    /// The client's port: how a test tells its own connection among the others.
    let peerPort: Int
    private let limits: ServerLimits
    private(set) var phase: Phase
    /// Bytes read and not yet consumed by a request.
    private(set) var buffer: [UInt8] = []
    /// How many bytes this connection has received in all, for the test controls.
    private(set) var receivedByteCount = 0
    private var output: [UInt8] = []
    private var written = 0
    /// Where the search for the end of the head resumes, so a client sending one byte at a time
    /// costs no more than one sending the head at once.
    private var scanned = 0

    /// A connection accepted at `now`, waiting for its first request.
    init(descriptor: Int32, id: Int, peerPort: Int, limits: ServerLimits, now: Duration) {
        self.descriptor = descriptor
        self.id = id
        self.peerPort = peerPort
        self.limits = limits
        phase = .awaitingHead(since: now, firstByteAt: nil)
    }

    /// Whether the loop should poll for bytes to read.
    var wantsToRead: Bool {
        switch phase {
        case .awaitingHead, .readingBody, .draining: true
        case .handling, .writing: false
        }
    }

    /// Whether the loop should poll for room to write.
    var wantsToWrite: Bool {
        if case .writing = phase { true } else { false }
    }

    /// Since when the connection has been waiting on its client: idle since it was accepted or
    /// last answered, or sending a request since that request's first byte; `nil` while its
    /// request is handled or answered (such a connection is never cut to make room).
    var waitingOnClientSince: Duration? {
        switch phase {
        case .awaitingHead(let since, nil): since
        case .awaitingHead(_, let firstByteAt?): firstByteAt
        case .readingBody(_, _, _, let firstByteAt): firstByteAt
        case .draining(let since): since
        case .handling, .writing: nil
        }
    }

    /// When the connection's current wait runs out, if it can.
    var deadline: Duration? {
        switch phase {
        case .awaitingHead(let since, nil): since + limits.idleTimeout
        case .awaitingHead(_, let firstByteAt?): firstByteAt + limits.requestTimeout
        case .readingBody(_, _, _, let firstByteAt): firstByteAt + limits.requestTimeout
        case .handling: nil
        case .writing(let since, _, _): since + limits.requestTimeout
        case .draining(let since): since + limits.requestTimeout
        }
    }

    /// Reads what the socket has with `read` and moves the request on.
    func readAvailable(
        now: Duration,
        screen: (RequestHead) -> ServerResponse?,
        with read: (inout [UInt8]) -> Socket.ReadOutcome
    ) -> Step {
        switch read(&buffer) {
        case .bytes(let count):
            receivedByteCount += count
            return advance(now: now, screen: screen)
        case .wouldBlock:
            return .wait
        case .closed, .failed:
            return .close
        }
    }

    /// The bytes of the response being written, and how many of them are out.
    var pendingOutput: (bytes: [UInt8], offset: Int) { (output, written) }

    /// Records that `count` more bytes were written; when all are out, the connection closes or
    /// waits for the next request (which may already be in the buffer).
    func wrote(_ count: Int, now: Duration, screen: (RequestHead) -> ServerResponse?) -> Step {
        written += count
        guard written >= output.count, case .writing(_, let closeAfter, let drainAfter) = phase else { return .wait }
        output = []
        written = 0
        if drainAfter {
            phase = .draining(since: now)
            buffer = []
            return .drain
        }
        if closeAfter { return .close }
        phase = .awaitingHead(since: now, firstByteAt: nil)
        return advance(now: now, screen: screen)
    }

    /// Starts writing the handler's `response` to the request being handled.
    func respond(with response: ServerResponse, now: Duration) -> Step {
        guard case .handling(let keepAlive) = phase else { return .wait }
        switch response.delivery {
        case .whole:
            startWriting(response.head(keepAlive: keepAlive) + response.body, closeAfter: !keepAlive, now: now)
        case .truncated:
            startWriting(
                response.head(keepAlive: false) + response.body.prefix(response.body.count / 2), closeAfter: true,
                now: now)
        case .dropped:
            return .close
        }
        return .wait
    }

    /// Acts on a deadline that has passed: a silent close for a connection that never started a
    /// request, 408 for one that started and did not finish, a close for one that will not read.
    func expire(now: Duration) -> Step {
        guard let deadline, deadline <= now else { return .wait }
        switch phase {
        case .awaitingHead(_, nil), .writing, .handling, .draining:
            return .close
        case .awaitingHead:
            refuse(408, "the request head did not arrive in time", now: now)
        case .readingBody(_, let length, let bodyStart, _):
            refuse(408, "the body did not arrive in time: \(buffer.count - bodyStart) of \(length) bytes", now: now)
        }
        return .wait
    }

    // MARK: - Reading a request

    private func advance(now: Duration, screen: (RequestHead) -> ServerResponse?) -> Step {
        switch phase {
        case .draining:
            buffer.removeAll(keepingCapacity: true)
            return .wait
        case .awaitingHead(let since, let firstByteAt):
            guard !buffer.isEmpty else { return .wait }
            let started = firstByteAt ?? now
            if firstByteAt == nil { phase = .awaitingHead(since: since, firstByteAt: started) }
            return readHead(firstByteAt: started, now: now, screen: screen)
        case .readingBody(let head, let length, let bodyStart, _):
            return finishBody(head: head, length: length, bodyStart: bodyStart, now: now)
        case .handling, .writing:
            return .wait
        }
    }

    private func readHead(firstByteAt: Duration, now: Duration, screen: (RequestHead) -> ServerResponse?) -> Step {
        guard let end = Self.headEnd(in: buffer, from: scanned) else {
            scanned = max(0, buffer.count - 3)
            if buffer.count > limits.maxHeaderBytes {
                refuse(431, "the request line and headers exceed \(limits.maxHeaderBytes) bytes", now: now, drain: true)
            }
            return .wait
        }
        scanned = 0
        guard end <= limits.maxHeaderBytes else {
            refuse(431, "the request line and headers exceed \(limits.maxHeaderBytes) bytes", now: now, drain: true)
            return .wait
        }
        let head: RequestHead
        let length: Int
        do {
            head = try RequestHead.parse(buffer[..<end])
            length = try head.contentLength(limit: limits.maxBodyBytes)
        } catch {
            refuse(error.status, error.message, now: now, drain: true)
            return .wait
        }
        if let refusal = screen(head) {
            startWriting(refusal.head(keepAlive: false) + refusal.body, closeAfter: true, drainAfter: true, now: now)
            return .wait
        }
        let bodyStart = end + 4
        if length > 0, buffer.count < bodyStart + length, head.headers["expect"]?.lowercased() == "100-continue" {
            interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
        }
        phase = .readingBody(head: head, length: length, bodyStart: bodyStart, firstByteAt: firstByteAt)
        return finishBody(head: head, length: length, bodyStart: bodyStart, now: now)
    }

    /// A `100 Continue` the loop should send now, if the client asked for one.
    private(set) var interim: [UInt8]?

    /// Clears the interim response once the loop has sent it (or given up on it).
    func interimSent() {
        interim = nil
    }

    private func finishBody(head: RequestHead, length: Int, bodyStart: Int, now: Duration) -> Step {
        guard buffer.count >= bodyStart + length else { return .wait }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        guard let (path, query) = RequestTarget.split(head.target) else {
            refuse(400, "the query is not valid percent-encoded UTF-8", now: now)
            return .wait
        }
        phase = .handling(keepAlive: head.keepsAlive)
        return .dispatch(
            ServerRequest(method: head.method, path: path, query: query, headers: head.headers, body: body))
    }

    // MARK: - Writing

    /// Answers `status` and closes; with `drain`, what the client still sends of the refused
    /// request is read and dropped first (it is refused at its head, before its body is read).
    private func refuse(_ status: Int, _ message: String, now: Duration, drain: Bool = false) {
        let response = ServerResponse.error(status: status, code: APIErrorCode.forStatus(status), message: message)
        startWriting(response.head(keepAlive: false) + response.body, closeAfter: true, drainAfter: drain, now: now)
    }

    private func startWriting(_ bytes: [UInt8], closeAfter: Bool, drainAfter: Bool = false, now: Duration) {
        output = bytes
        written = 0
        interim = nil
        phase = .writing(since: now, closeAfter: closeAfter, drainAfter: drainAfter)
    }

    /// Where the blank line ending the head starts, scanning from `start`.
    private static func headEnd(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4, start <= bytes.count - 4 else { return nil }
        for index in start...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}
