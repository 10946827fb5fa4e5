import Foundation
import IntegrationSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's one thread: waits with `poll(2)` on the listener, a wake-up pipe and every
/// connection, reads and writes what is ready without blocking, hands complete requests to the
/// handler, and acts on the deadlines of `ServerLimits` as measured by the `ServerClock`.
///
/// Handlers run on Swift's concurrency pool; when one finishes, its response is queued and the
/// loop is woken through the pipe. Everything else here belongs to the loop's thread.
final class EventLoop {
    private let listener: Int32
    private let limits: ServerLimits
    private let clock: ServerClock
    private let screen: @Sendable (RequestHead) -> ServerResponse?
    private let handler: @Sendable (ServerRequest) async -> ServerResponse
    private let status: ServerStatus
    private let wakeUp = EventLoop.makeWakeUpPipe()
    private let finished = FinishedResponses()
    private var connections: [Int32: HTTPConnection] = [:]
    private var nextID = 0
    /// The handlers of `GET` and `HEAD` requests being served, by connection id: a read has no
    /// effect to finish, so when its client goes away it is cancelled (a long-poll stops waiting
    /// and gives back its place). Other handlers run to the end, whoever waits for them.
    private var reads: [Int: Task<Void, Never>] = [:]

    init(
        listener: Int32,
        limits: ServerLimits,
        clock: ServerClock,
        screen: @escaping @Sendable (RequestHead) -> ServerResponse?,
        handler: @escaping @Sendable (ServerRequest) async -> ServerResponse,
        status: ServerStatus
    ) {
        self.listener = listener
        self.limits = limits
        self.clock = clock
        self.screen = screen
        self.handler = handler
        self.status = status
    }

    /// The pipe that wakes the loop; the server cannot run without one.
    private static func makeWakeUpPipe() -> WakeUpPipe {
        do {
            return try WakeUpPipe()
        } catch {
            fatalError("silo-backend: cannot make a pipe: \(error)")
        }
    }

    /// Serves for ever on the calling thread.
    func run() -> Never {
        clock.whenAdvanced { [wakeUp] in wakeUp.signal() }
        while true {
            var descriptors = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            descriptors.append(pollfd(fd: wakeUp.readEnd, events: Int16(POLLIN), revents: 0))
            for connection in connections.values {
                var events: Int16 = 0
                if connection.wantsToRead { events |= Int16(POLLIN) }
                if connection.wantsToWrite { events |= Int16(POLLOUT) }
                if reads[connection.id] != nil { events |= Self.peerClosed }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), pollTimeout())
            if ready < 0 && errno != EINTR {
                // Nothing here can make poll fail but a bug; wait instead of spinning.
                usleep(10_000)
                continue
            }
            if descriptors[1].revents != 0 { wakeUp.drain() }
            deliverFinishedResponses()
            if descriptors[0].revents & Int16(POLLIN) != 0 { acceptWaitingClients() }
            for entry in descriptors.dropFirst(2) where entry.revents != 0 {
                serve(entry)
            }
            expireDeadlines()
            if status.isPublished { status.publish(connections.values.map(ServerStatus.Connection.init)) }
        }
    }

    // MARK: - Waiting

    /// Milliseconds until the nearest deadline, or -1 (wait for an event) when there is none or
    /// the clock moves only when a test says (an advance wakes the loop).
    private func pollTimeout() -> Int32 {
        guard !clock.movesOnlyWhenTold, let nearest = connections.values.compactMap(\.deadline).min() else {
            return -1
        }
        let remaining = nearest - clock.now
        guard remaining > .zero else { return 0 }
        let milliseconds =
            remaining.components.seconds * 1_000 + remaining.components.attoseconds / 1_000_000_000_000_000
        return Int32(min(milliseconds + 1, 60_000))
    }

    // MARK: - Connections

    private func acceptWaitingClients() {
        while true {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let descriptor = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            guard descriptor >= 0 else { return }  // EAGAIN: none left; EMFILE: the budget is the limit
            Socket.makeNonBlocking(descriptor)
            guard connections.count < limits.maxConnections || evictOne() else {
                let busy = ServerResponse.error(
                    status: 503, code: .unavailable, message: "every connection is busy; retry shortly")
                _ = Socket.write(descriptor, busy.head(keepAlive: false) + busy.body, from: 0)
                Socket.close(descriptor)
                continue
            }
            nextID += 1
            connections[descriptor] = HTTPConnection(
                descriptor: descriptor, id: nextID, peerPort: Int(UInt16(bigEndian: address.sin_port)), limits: limits,
                now: clock.now)
        }
    }

    /// Closes the connection that has waited longest on its client (idle, or trickling a request)
    /// to make room for a new one; `false` when every connection's request is being handled or
    /// answered. Of connections waiting since the same instant (the clock is coarse, or manual),
    /// the one accepted first has waited longest: the choice never depends on dictionary order.
    private func evictOne() -> Bool {
        let waiting = connections.values.compactMap { connection in
            connection.waitingOnClientSince.map { (connection, $0) }
        }
        guard let (longest, _) = waiting.min(by: { ($0.1, $0.0.id) < ($1.1, $1.0.id) }) else { return false }
        close(longest)
        return true
    }

    private func serve(_ entry: pollfd) {
        guard let connection = connections[entry.fd] else { return }
        if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, connection.wantsToRead {
            let step = connection.readAvailable(now: clock.now, screen: screen) { buffer in
                Socket.read(connection.descriptor, into: &buffer)
            }
            perform(step, for: connection)
        } else if entry.revents & Int16(POLLOUT) != 0 {
            writePending(connection)
        } else if entry.revents & (Int16(POLLHUP | POLLERR | POLLNVAL) | Self.peerClosed) != 0 {
            close(connection)
        }
    }

    /// The `poll` event of a peer that closed its end (`POLLRDHUP`, which Swift's Glibc module
    /// does not carry), asked for only while a read is served; elsewhere a close is noticed at
    /// the next read or write.
    #if os(Linux)
        private static let peerClosed: Int16 = 0x2000
    #else
        private static let peerClosed: Int16 = 0
    #endif

    /// Does what `step` says for `connection`, then writes whatever it has ready.
    private func perform(_ step: HTTPConnection.Step, for connection: HTTPConnection) {
        switch step {
        case .close:
            close(connection)
        case .drain:
            // The client sees the answer end; what it still sends is read and dropped until it
            // closes (or the request timeout passes), so it is never reset mid-send.
            shutdown(connection.descriptor, Int32(SHUT_WR))
        case .dispatch(let request):
            let (id, handler, finished, wakeUp) = (connection.id, handler, finished, wakeUp)
            let descriptor = connection.descriptor
            let task = Task {
                let response = await handler(request)
                finished.append(descriptor: descriptor, id: id, response: response)
                wakeUp.signal()
            }
            if request.method == "GET" || request.method == "HEAD" { reads[id] = task }
        case .wait:
            if let interim = connection.interim {
                _ = Socket.write(connection.descriptor, interim, from: 0)
                connection.interimSent()
            }
            if connection.wantsToWrite { writePending(connection) }
        }
    }

    /// Writes as much of the connection's response as the socket takes now.
    private func writePending(_ connection: HTTPConnection) {
        while connection.wantsToWrite {
            let (bytes, offset) = connection.pendingOutput
            switch Socket.write(connection.descriptor, bytes, from: offset) {
            case .sent(let count):
                let step = connection.wrote(count, now: clock.now, screen: screen)
                if case .wait = step { continue }
                perform(step, for: connection)
                return
            case .wouldBlock:
                return
            case .failed:
                close(connection)
                return
            }
        }
    }

    private func deliverFinishedResponses() {
        for (descriptor, id, response) in finished.takeAll() {
            reads[id] = nil
            // A connection closed meanwhile (or its descriptor reused) has no one to answer.
            guard let connection = connections[descriptor], connection.id == id else { continue }
            perform(connection.respond(with: response, now: clock.now), for: connection)
        }
    }

    private func expireDeadlines() {
        let now = clock.now
        for connection in Array(connections.values) {
            guard let deadline = connection.deadline, deadline <= now else { continue }
            perform(connection.expire(now: now), for: connection)
        }
    }

    private func close(_ connection: HTTPConnection) {
        reads.removeValue(forKey: connection.id)?.cancel()
        connections[connection.descriptor] = nil
        Socket.close(connection.descriptor)
    }
}

/// Responses handlers have finished, waiting for the loop to write them.
///
/// `@unchecked Sendable` is safe: `items` is only touched while holding `lock`.
final class FinishedResponses: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(descriptor: Int32, id: Int, response: ServerResponse)] = []

    func append(descriptor: Int32, id: Int, response: ServerResponse) {
        lock.withLock { items.append((descriptor, id, response)) }
    }

    func takeAll() -> [(descriptor: Int32, id: Int, response: ServerResponse)] {
        lock.withLock {
            defer { items.removeAll() }
            return items
        }
    }
}
