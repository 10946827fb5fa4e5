import Foundation

/// A value guarded by a lock, readable and writable synchronously from any thread.
///
/// `@unchecked Sendable` is sound here because the only stored mutable state, `value`, is private
/// and is read or written exclusively inside `withLock`, which holds `lock` for the whole access;
/// `Value` is itself `Sendable`, so values handed out of the box may cross threads.
/// `NSLock` is used instead of `Synchronization.Mutex`, which is unavailable on macOS 14.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. `body` must not call back into this box.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
