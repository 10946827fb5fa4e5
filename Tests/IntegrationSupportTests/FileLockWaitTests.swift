import Foundation
import IntegrationSupport
import TestSupport
import Testing

/// `FileLock.lockWhenFree` while another process, a `flock(1)` holding the lock until its input
/// closes, has it.
@Suite(
    "FileLock.lockWhenFree, with another process holding the lock",
    .requires(FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "needs flock(1) from util-linux"))
struct FileLockWaitTests {
    @Test("waits, on a thread of its own, and takes the lock when the process holding it ends")
    func waitsForTheOtherProcess() async throws {
        let (directory, path, holder) = try await Self.lockHeldByAnotherProcess()
        defer { withExtendedLifetime(directory) {} }

        // Given a wait for the lock the other process holds
        let taken = try await Self.waitBegun(for: path)
        #expect(try FileLock.tryLock(path) == nil)

        // When that process ends
        holder.closeInput()
        #expect(try await holder.waitForExit() == 0)

        // Then the wait ends with the lock
        #expect(try await Self.end(of: taken)?.path == path)
        #expect(try FileLock.tryLock(path) == nil)
    }

    @Test("gives up once its limit has passed on its clock")
    func givesUpAtItsLimit() async throws {
        let (directory, path, holder) = try await Self.lockHeldByAnotherProcess()
        defer { withExtendedLifetime(directory) {} }
        let clock = ManualClock()

        // Given a wait for the lock the other process holds
        let taken = try await Self.waitBegun(for: path, on: clock)
        try await clock.waitForSleepers(1)

        // When its limit passes
        clock.advance(by: .seconds(60))

        // Then it ends without the lock
        #expect(try await Self.end(of: taken) == nil)
        holder.closeInput()
        #expect(try await holder.waitForExit() == 0)
    }

    @Test("a wait whose task is cancelled ends without the lock, and leaves it to the next wait on the same file")
    func cancelledWaitPassesTheLockOn() async throws {
        let (directory, path, holder) = try await Self.lockHeldByAnotherProcess()
        defer { withExtendedLifetime(directory) {} }

        // Given a wait, on a clock nothing moves, whose task is cancelled: it ends without the
        // lock; then another wait on the same file
        let cancelled = try await Self.waitBegun(for: path)
        cancelled.cancel()
        #expect(try await Self.end(of: cancelled) == nil)
        let taken = try await Self.waitBegun(for: path)

        // When the process holding the lock ends
        holder.closeInput()
        #expect(try await holder.waitForExit() == 0)

        // Then the second wait has the lock
        #expect(try await Self.end(of: taken)?.path == path)
    }

    /// A wait of 60 s on `clock` for the lock at `path`, which another process holds, once it
    /// has begun.
    static func waitBegun(for path: String, on clock: ManualClock = ManualClock()) async throws -> Task<
        FileLock?, any Error
    > {
        let waiting = AwaitableState(false)
        let taken = Task {
            try await FileLock.lockWhenFree(
                path, within: .seconds(60), on: clock, whileWaiting: { waiting.update { $0 = true } })
        }
        try await HangGuard.run("the wait for the lock to begin") { _ = try await waiting.wait { $0 } }
        return taken
    }

    /// What the wait `taken` ended with, once it has ended.
    static func end(of taken: Task<FileLock?, any Error>) async throws -> FileLock? {
        try await HangGuard.run("the wait for the lock to end") { try await taken.value }
    }

    /// A lock file in a new directory, held by a `flock(1)` process until its input is closed.
    static func lockHeldByAnotherProcess() async throws -> (TemporaryDirectory, String, RunningChild) {
        let directory = try TemporaryDirectory(prefix: "lock-held")
        let path = directory.file(named: "renewal.lock").path
        let holder = try RunningChild(
            URL(fileURLWithPath: "/usr/bin/flock"), arguments: [path, "-c", "echo held; cat"])
        try await holder.waitForOutput(containing: "held")
        return (directory, path, holder)
    }
}
