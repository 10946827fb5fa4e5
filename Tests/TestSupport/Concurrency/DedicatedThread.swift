import Foundation

/// Runs blocking work on a thread of its own, so a test never blocks a thread of Swift's
/// cooperative pool (a two-core machine has two: blocking one halves every other test's progress,
/// blocking both stalls them all).
public enum DedicatedThread {
    /// Runs `body` on a new thread and returns its result once it is done.
    ///
    /// Use it for a call that blocks by design: a `poll(2)` until a descriptor is readable, a read
    /// to the end of a pipe, a wait for a child process. The calling task suspends meanwhile.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}
