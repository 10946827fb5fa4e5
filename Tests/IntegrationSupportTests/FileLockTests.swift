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
