import Foundation
import Models
import Services
import TestSupport
import Testing

@testable import SQLiteIntegration

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SQLite failures: one message and remedy per cause")
struct SQLiteFailureMessageTests {
    struct Cause: Sendable, CustomTestStringConvertible {
        let label: String
        let code: Int32
        let systemErrno: Int32
        let kind: ServiceError.Kind
        /// Words of the remedy the message must give.
        let remedy: String
        /// Whether the message may tell the user to try again: only where trying again can help.
        let retryHelps: Bool

        var testDescription: String { label }
    }

    /// Extended result codes from sqlite3.h, written out so the test needs no C import.
    static let causes: [Cause] = [
        Cause(
            label: "busy", code: 5, systemErrno: 0, kind: .unavailable, remedy: "other process has finished",
            retryHelps: true),
        Cause(
            label: "locked", code: 6, systemErrno: 0, kind: .unavailable, remedy: "other process has finished",
            retryHelps: true),
        Cause(
            label: "disk full", code: 13, systemErrno: 0, kind: .unavailable, remedy: "free some space",
            retryHelps: true),
        Cause(
            label: "disk full under an I/O error", code: 10 | (13 << 8), systemErrno: ENOSPC, kind: .unavailable,
            remedy: "free some space", retryHelps: true),
        Cause(
            label: "read-only", code: 8, systemErrno: 0, kind: .unavailable, remedy: "make it writable",
            retryHelps: false),
        Cause(
            label: "permission denied", code: 14, systemErrno: EACCES, kind: .unavailable,
            remedy: "read and write access", retryHelps: false),
        Cause(
            label: "missing directory", code: 14, systemErrno: ENOENT, kind: .unavailable, remedy: "create it",
            retryHelps: false),
        Cause(
            label: "read-only file system", code: 14, systemErrno: EROFS, kind: .unavailable,
            remedy: "another data directory", retryHelps: false),
        Cause(
            label: "I/O error", code: 10, systemErrno: EIO, kind: .unavailable, remedy: "check the disk",
            retryHelps: false),
        Cause(
            label: "corrupt", code: 11, systemErrno: 0, kind: .corruptData, remedy: "restore a backup",
            retryHelps: false),
        Cause(
            label: "not a database", code: 26, systemErrno: 0, kind: .corruptData, remedy: "move it aside",
            retryHelps: false),
    ]

    @Test("each cause names the file and its own remedy; only retryable causes say try again", arguments: causes)
    func messages(_ cause: Cause) {
        // Given an SQLite failure with the errno underneath
        let error = SQLiteError(code: cause.code, message: "sqlite says \(cause.code)", systemErrno: cause.systemErrno)

        // When it crosses the service boundary
        let mapped = ServiceError(error, location: "/data/silo.sqlite")

        // Then it has the kind, the file, the remedy, and "try again" only where it helps
        let text = "\(mapped)"
        #expect(mapped.kind == cause.kind)
        #expect(text.contains("/data/silo.sqlite"), "\(text)")
        #expect(text.contains(cause.remedy), "\(text)")
        #expect(text.contains("try again") == cause.retryHelps, "\(text)")
        #expect(!text.contains(".."), "\(text)")
    }

    @Test("a missing directory is named, with the remedy to create it")
    func missingDirectory() async throws {
        let directory = try TemporaryDirectory(prefix: "sqlite-missing")
        let url = directory.url.appendingPathComponent("no/such/dir/silo.sqlite")
        let integration = SQLiteIntegration(configuration: .init(storage: .file(url)))
        let error = await expectServiceError(.unavailable) { () throws(ServiceError) in try await integration.start() }
        #expect(error.map { "\($0)".contains("does not exist: create it") } == true, "\(String(describing: error))")
    }

    @Test(
        "a database on a read-only file system says so and is not changed",
        .requires(ScratchFileSystem.isAvailable, "needs root and a tmpfs mount")
    )
    func readOnlyFileSystem() async throws {
        // Given a database on a file system that was then made read-only
        let disk = try ScratchFileSystem(byteCount: 4 << 20)
        let url = disk.url.appendingPathComponent("silo.sqlite")
        try await SQLiteIntegration.started(at: url).stop()
        try disk.setReadOnly(true)

        // When the integration starts on it
        let integration = SQLiteIntegration(configuration: .init(storage: .file(url)))
        let error = await expectServiceError(.unavailable) { () throws(ServiceError) in try await integration.start() }

        // Then the message says the file system is read-only, and does not say try again
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("read-only"), "\(text)")
        #expect(!text.contains("try again"), "\(text)")
        try disk.setReadOnly(false)
    }

    @Test(
        "a full disk at start-up says the disk is full, not an I/O error",
        .requires(ScratchFileSystem.isAvailable, "needs root and a tmpfs mount")
    )
    func fullDiskAtStart() async throws {
        // Given a full disk and no database yet
        let disk = try ScratchFileSystem(byteCount: 256 << 10)
        try disk.fill()

        // When the integration starts there
        let integration = SQLiteIntegration(
            configuration: .init(storage: .file(disk.url.appendingPathComponent("silo.sqlite"))))
        let error = await expectServiceError(.unavailable) { () throws(ServiceError) in try await integration.start() }

        // Then it says the disk is full and how to fix it
        #expect(
            error.map { "\($0)".contains("is full") && "\($0)".contains("free some space") } == true,
            "\(String(describing: error))")
        await integration.stop()
    }

    @Test(
        "a write that fills the disk fails clearly, keeps what was stored, and works again once space is freed",
        .requires(ScratchFileSystem.isAvailable, "needs root and a tmpfs mount")
    )
    func fullDiskDuringWrites() async throws {
        // Given a started database with a post, on a disk that is then filled
        let disk = try ScratchFileSystem(byteCount: 2 << 20)
        let integration = try await SQLiteIntegration.started(at: disk.url.appendingPathComponent("silo.sqlite"))
        let author = try await integration.userService.create(.init(handle: "filler", displayName: "F"))
        let kept = try await integration.postService.publish(PostDraft(authorID: author.id, text: "kept"))
        let filler = try disk.fill()

        // When writes keep coming until one fails
        var failure: ServiceError?
        for index in 0..<5_000 where failure == nil {
            do throws(ServiceError) {
                _ = try await integration.postService.publish(
                    PostDraft(authorID: author.id, text: "\(index) " + String(repeating: "x", count: 400)))
            } catch {
                failure = error
            }
        }

        // Then the failure says the disk is full, and once space is freed (on a full disk even a
        // read may fail, as the log's index cannot grow) what was stored is there and writes work
        let text = failure.map { "\($0)" } ?? "no write failed"
        #expect(text.contains("is full") && text.contains("free some space"), "\(text)")
        try disk.free(filler)
        let fetched = try await integration.postService.post(id: kept.id)
        #expect(fetched == kept)
        let after = try await integration.postService.publish(PostDraft(authorID: author.id, text: "space again"))
        #expect(try await integration.postService.post(id: after.id) == after)
        await integration.stop()
    }
}

extension SQLiteIntegration {
    /// A started integration on the database file at `url`.
    static func started(at url: URL) async throws -> SQLiteIntegration {
        let integration = SQLiteIntegration(configuration: .init(storage: .file(url)))
        try await integration.start()
        return integration
    }
}
