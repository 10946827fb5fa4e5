import Foundation

/// A lock-protected value for results gathered inside measured closures.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // Sound because `storage` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) {
        storage = value
    }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    func set(_ newValue: Value) {
        update { $0 = newValue }
    }

    /// Runs `body` on the value under the lock and returns what it returns.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&storage)
    }

    func update(_ body: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&storage)
    }
}
