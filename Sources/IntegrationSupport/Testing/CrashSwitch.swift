import Foundation
import Services

/// A simulated crash, for the contract checks that every acknowledged change survives one: once
/// armed, the next write that would make a change durable is not made, and no write after it
/// either, as if the process had died just before it.
///
/// A store calls `beforeDurableWrite()` right before each write that makes changes durable (a
/// file renamed into place, a transaction's commit); the call throws once the switch has tripped,
/// so the write is skipped and its caller fails, as a dead process would never answer. The test
/// then abandons the store and opens what is on disk: every change the store acknowledged before
/// the crash must be there. A store that acknowledges a change before it is durable fails that.
///
/// Production code never arms one; configurations leave it `nil`. Safe from any thread.
public final class CrashSwitch: Sendable {
    private enum State: Equatable {
        case idle
        /// Lets this many more durable writes through, then trips at the next.
        case armed(passing: Int)
        case crashed
    }

    private let state = LockedState(State.idle)
    private let onCrash: @Sendable () -> Void

    /// A switch that is not armed; `onCrash` runs once, when it trips (a server process may end
    /// itself there, so its client sees a real dead connection).
    public init(onCrash: @escaping @Sendable () -> Void = {}) {
        self.onCrash = onCrash
    }

    /// Makes the next durable write, and every one after it, fail as if the process had died.
    public func arm() {
        arm(passing: 0)
    }

    /// Lets `count` more durable writes through, then fails the next and every one after it: a
    /// crash in the middle of a save that writes more than once (a file renamed into place, then
    /// another emptied).
    public func arm(passing count: Int) {
        state.withLock { if $0 == .idle { $0 = .armed(passing: max(0, count)) } }
    }

    /// Trips the switch now, whether or not a write was attempted: nothing is written from now on.
    public func crashNow() {
        let tripped = state.withLock { state -> Bool in
            defer { state = .crashed }
            return state != .crashed
        }
        if tripped { onCrash() }
    }

    /// Whether the switch has tripped: a durable write was attempted after `arm()`, or
    /// `crashNow()` was called.
    public var hasCrashed: Bool { state.withLock { $0 == .crashed } }

    /// Call right before a write that makes changes durable.
    ///
    /// - Throws: `.unavailable` once the switch is armed or has tripped; skip the write then.
    public func beforeDurableWrite() throws(ServiceError) {
        let tripped = state.withLock { state -> Bool? in
            switch state {
            case .idle: return nil
            case .armed(let passing) where passing > 0:
                state = .armed(passing: passing - 1)
                return nil
            case .armed:
                state = .crashed
                return true
            case .crashed: return false
            }
        }
        guard let tripped else { return }
        if tripped { onCrash() }
        throw .unavailable(
            reason: "the store stopped before this change was written (a crash simulated by a test); nothing was "
                + "saved, so start it again and repeat the change",
            retryAfter: nil)
    }
}

/// A value behind a lock, for the few classes here that must be `Sendable` and synchronous.
///
/// `@unchecked Sendable` is safe: `value` is only reached through `withLock`, which holds `lock`
/// for the whole access.
final class LockedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
