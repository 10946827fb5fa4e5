import Foundation
import IntegrationSupport
import TestSupport
import Testing

@Suite("FileLock")
struct FileLockTests {
    @Test("a held lock refuses a second holder, also from another open in the same process, until released")
    func exclusive() throws {
        let directory = try TemporaryDirectory(prefix: "lock")
        let path = directory.file(named: "store.lock").path
        var first = try FileLock.tryLock(path)
        #expect(first != nil)
        #expect(try FileLock.tryLock(path) == nil)
        first = nil
        #expect(try FileLock.tryLock(path) != nil)
    }

    @Test(
        "lockWhenFree waits, on a thread of its own, for a lock another process holds, and takes it when that process ends",
        .requires(FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "needs flock(1) from util-linux"))
    func lockWhenFreeWaitsForAnotherProcess() async throws {
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

    @Test(
        "lockWhenFree gives up once its limit has passed on its clock, while another process holds the lock",
        .requires(FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "needs flock(1) from util-linux"))
    func lockWhenFreeGivesUp() async throws {
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

    @Test(
        "lockWhenFree ends without the lock when its task is cancelled, while another process holds the lock",
        .requires(FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "needs flock(1) from util-linux"))
    func lockWhenFreeEndsOnCancel() async throws {
        let (directory, path, holder) = try await Self.lockHeldByAnotherProcess()
        defer { withExtendedLifetime(directory) {} }
        // Given a wait for the lock the other process holds, on a clock nothing moves
        let taken = try await Self.waitBegun(for: path)

        // When its task is cancelled
        taken.cancel()

        // Then it ends without the lock
        #expect(try await Self.end(of: taken) == nil)
        holder.closeInput()
        #expect(try await holder.waitForExit() == 0)
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

    @Test("removeIfUnlocked leaves a locked file, a symbolic link and a directory, and removes an unlocked file")
    func removeIfUnlocked() throws {
        let directory = try TemporaryDirectory(prefix: "lock-remove")
        let locked = try FileLock.createExclusive(at: directory.file(named: "live.partial").path)
        try Data("x".utf8).write(to: directory.file(named: "stale.partial"))
        try FileManager.default.createSymbolicLink(
            at: directory.file(named: "link.partial"), withDestinationURL: directory.file(named: "stale.partial"))
        try FileManager.default.createDirectory(
            at: directory.file(named: "dir.partial"), withIntermediateDirectories: false)

        #expect(FileLock.removeIfUnlocked(locked.path) == false)
        #expect(FileLock.removeIfUnlocked(directory.file(named: "link.partial").path) == false)
        #expect(FileLock.removeIfUnlocked(directory.file(named: "dir.partial").path) == false)
        #expect(FileLock.removeIfUnlocked(directory.file(named: "stale.partial").path) == true)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.url.path))
        #expect(left == ["live.partial", "link.partial", "dir.partial"])
    }
}
