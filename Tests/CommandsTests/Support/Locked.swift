import Foundation

/// A value guarded by an `NSLock`, for state that test commands update from many tasks.
///
/// `@unchecked Sendable` is sound because `value` is private and only touched while `lock` is held.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    var current: Value {
        withLock { $0 }
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
