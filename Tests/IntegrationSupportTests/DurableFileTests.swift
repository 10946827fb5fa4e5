import Foundation
import IntegrationSupport
import TestSupport
import Testing

@Suite("DurableFile")
struct DurableFileTests {
    @Test("a write replaces the file whole, with mode 0600 even over a 0644 file, and leaves no temporary file")
    func writeReplaces() throws {
        // Given a 0644 file
        let directory = try TemporaryDirectory(prefix: "durable")
        let url = directory.file(named: "store.json")
        try Data("old".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)

        // When it is written durably
        try DurableFile.write(Data("new content".utf8), to: url)

        // Then it holds the new bytes, is private, and nothing else is in the directory
        #expect(try Data(contentsOf: url) == Data("new content".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["store.json"])
    }

    @Test("a write for appending replaces the file and keeps it open: appends land in the new file, unlocked")
    func writeForAppending() throws {
        // Given a file with old content, open for appending elsewhere as a journal's old appender is
        let directory = try TemporaryDirectory(prefix: "durable-append")
        let url = directory.file(named: "state.jsonl")
        try Data("old\n".utf8).write(to: url)
        let old = try FileHandle(forWritingTo: url)
        defer { try? old.close() }

        // When it is replaced for appending and a line is appended through the kept descriptor
        let replaced = try DurableFile.writeForAppending(Data("new\n".utf8), to: url)
        defer { close(replaced.descriptor) }
        _ = Data("appended\n".utf8).withUnsafeBytes { write(replaced.descriptor, $0.baseAddress, $0.count) }

        // Then the file at the path holds both, the descriptor appends and is closed on exec, and
        // no lock is left on the file
        #expect(replaced.directorySyncFailure == nil)
        #expect(try Data(contentsOf: url) == Data("new\nappended\n".utf8))
        #expect(fcntl(replaced.descriptor, F_GETFL) & O_APPEND != 0)
        #expect(fcntl(replaced.descriptor, F_GETFD) & FD_CLOEXEC != 0)
        #expect(try FileLock.tryLock(url.path) != nil, "the file is still locked")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["state.jsonl"])
    }

    @Test("start-up clears its own abandoned temporary files only, never a live one, a directory or anything else")
    func sweepRemovesOnlyAbandonedTemporaryFiles() throws {
        // Given an abandoned temporary file, a live one (locked), and look-alikes that are not ours
        let directory = try TemporaryDirectory(prefix: "durable-sweep")
        let abandoned = directory.file(named: ".store.json.tmp-0123456789abcdef")
        try Data("half".utf8).write(to: abandoned)
        let live = try FileLock.createExclusive(at: directory.file(named: ".store.json.tmp-fedcba9876543210").path)
        let keep = [
            "store.json", ".store.json.tmp-short", "store.json.tmp-0123456789abcdef", ".notes.tmp-0123456789abcdeg",
        ]
        for name in keep { try Data("keep".utf8).write(to: directory.file(named: name)) }
        let folder = directory.file(named: ".dir.tmp-0123456789abcdef")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try Data("inside".utf8).write(to: folder.appendingPathComponent(".x.tmp-0123456789abcdef"))

        // When abandoned temporary files are removed
        let removed = DurableFile.removeAbandonedTemporaryFiles(in: directory.url)

        // Then only the abandoned one is gone
        #expect(removed == [abandoned.lastPathComponent])
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.url.path))
        #expect(left == Set(keep + [".store.json.tmp-fedcba9876543210", ".dir.tmp-0123456789abcdef"]))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".x.tmp-0123456789abcdef").path))
        withExtendedLifetime(live) {}
    }

    @Test(
        "a write on a full disk fails as disk full and leaves the previous file intact",
        .requires(ScratchFileSystem.isAvailable, "needs root and a tmpfs mount")
    )
    func fullDisk() throws {
        // Given a file on a disk that is then filled
        let disk = try ScratchFileSystem(byteCount: 256 << 10)
        let url = disk.url.appendingPathComponent("store.json")
        try DurableFile.write(Data("previous".utf8), to: url)
        let filler = try disk.fill()

        // When a large write is attempted
        let error = #expect(throws: SystemError.self) {
            try DurableFile.write(Data(repeating: 0x41, count: 128 << 10), to: url)
        }

        // Then it says the disk is full, the previous file is intact, and no temporary file is left
        #expect(error?.isDiskFull == true, "\(String(describing: error))")
        #expect(try Data(contentsOf: url) == Data("previous".utf8))
        try disk.free(filler)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path) == ["store.json"])
        try DurableFile.write(Data("after".utf8), to: url)
        #expect(try Data(contentsOf: url) == Data("after".utf8))
    }
}
