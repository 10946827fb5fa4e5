import Foundation

/// A value guarded by a lock, for test doubles and recorders that are read synchronously.
///
/// `@unchecked Sendable` is safe here: `value` is only reached through `withLock`, which holds
/// `lock` for the whole access, so no two threads touch it at once.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates a box holding `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    public var current: Value {
        withLock { $0 }
    }
}
