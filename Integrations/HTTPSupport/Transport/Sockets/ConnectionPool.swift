import Foundation

/// Kept-alive connections of the socket transport, waiting for their next request.
///
/// `@unchecked Sendable` is safe: `idle` and `isClosed` are read and written only while holding
/// `lock`, and a connection is in the pool or in one attempt's hands, never both.
final class ConnectionPool: @unchecked Sendable {
    private let lock = NSLock()
    private let capacity: Int
    private var idle: [ClientConnection] = []
    private var isClosed = false

    /// A pool keeping at most `capacity` idle connections.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The most recently used idle connection that is still idle, or `nil`. A connection the server
    /// closed (or wrote to unasked) while it waited is dropped.
    func take() -> ClientConnection? {
        while let connection = lock.withLock({ idle.popLast() }) {
            if connection.isIdle { return connection }
        }
        return nil
    }

    /// Keeps `connection` for a later request, unless the pool is full or closed (then it closes).
    func put(_ connection: ClientConnection) {
        lock.withLock {
            guard !isClosed, idle.count < capacity else { return }
            idle.append(connection)
        }
    }

    /// Closes every idle connection: one of them was found closed by the server, and the others
    /// have waited as long or longer.
    func drain() {
        lock.withLock { idle.removeAll() }
    }

    /// Closes every idle connection and keeps none from now on.
    func close() {
        lock.withLock {
            isClosed = true
            idle.removeAll()
        }
    }
}
