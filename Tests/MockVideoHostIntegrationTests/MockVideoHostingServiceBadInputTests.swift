import Foundation
import Models
import Services
import TestSupport
import Testing

@Suite("Mock video host: bad upload input")
struct MockVideoHostingServiceBadInputTests {
    @Test("Mock video host: a missing file gives invalid input for file and stores nothing")
    func missingFile() async throws {
        // Given a started host and a path with no file
        let harness = try await MockVideoHostHarness()
        let missing = harness.directory.file(named: "absent.mp4")

        // When uploading it / Then
        await expectInvalidInput(field: "file") { () throws(ServiceError) in
            try await harness.service.upload(VideoUpload(fileURL: missing, title: "Missing", ownerID: "u1")) { _ in }
        }
        #expect(try await harness.storedItemCount() == 0)
    }

    @Test("Mock video host: a directory instead of a file gives invalid input for file and stores nothing")
    func directoryInsteadOfFile() async throws {
        // Given a directory where the file should be
        let harness = try await MockVideoHostHarness()
        let directory = harness.directory.file(named: "clip.mp4")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)

        // When uploading it / Then
        await expectInvalidInput(field: "file") { () throws(ServiceError) in
            try await harness.service.upload(VideoUpload(fileURL: directory, title: "Folder", ownerID: "u1")) { _ in }
        }
        #expect(try await harness.storedItemCount() == 0)
    }

    @Test(
        "Mock video host: an unreadable file (chmod 000) gives invalid input for file and stores nothing",
        .requires(
            UnreadableFiles.permissionsAreEnforced,
            "this process reads files whatever their mode (it runs as root); see the kernel-attribute test"
        )
    )
    func unreadableFile() async throws {
        // Given a non-empty file nobody may read
        let harness = try await MockVideoHostHarness()
        let file = try harness.sampleFile(byteCount: 10_000)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path) }

        // When uploading it / Then
        await expectInvalidInput(field: "file") { () throws(ServiceError) in
            try await harness.service.upload(VideoUpload(fileURL: file, title: "Secret", ownerID: "u1")) { _ in }
        }
        #expect(try await harness.storedItemCount() == 0)
    }

    @Test(
        "Mock video host: a regular file that cannot be opened for reading gives invalid input and stores nothing",
        .requires(UnreadableFiles.writeOnlyKernelAttribute != nil, "no write-only kernel attribute on this system")
    )
    func fileRefusingReads() async throws {
        // Given a non-empty regular file that even root cannot open for reading
        let harness = try await MockVideoHostHarness()
        let file = try #require(UnreadableFiles.writeOnlyKernelAttribute)

        // When uploading it / Then
        await expectInvalidInput(field: "file") { () throws(ServiceError) in
            try await harness.service.upload(
                VideoUpload(fileURL: file, fileName: "rescan.mp4", title: "Write only", ownerID: "u1")
            ) { _ in }
        }
        #expect(try await harness.storedItemCount() == 0)
    }

    @Test("Mock video host: an empty file gives invalid input for file and stores nothing")
    func emptyFile() async throws {
        // Given an empty file
        let harness = try await MockVideoHostHarness()
        let file = try harness.sampleFile(byteCount: 0)

        // When uploading it / Then
        await expectInvalidInput(field: "file") { () throws(ServiceError) in
            try await harness.service.upload(VideoUpload(fileURL: file, title: "Empty", ownerID: "u1")) { _ in }
        }
        #expect(try await harness.storedItemCount() == 0)
    }

    @Test("Mock video host: an invalid title gives invalid input for title and stores nothing")
    func invalidTitle() async throws {
        // Given a good file and a title with a newline
        let harness = try await MockVideoHostHarness()
        let file = try harness.sampleFile(byteCount: 10_000)

        // When uploading it / Then
        await expectInvalidInput(field: "title") { () throws(ServiceError) in
            try await harness.service.upload(VideoUpload(fileURL: file, title: "Two\nlines", ownerID: "u1")) { _ in }
        }
        #expect(try await harness.storedItemCount() == 0)
    }

    @Test("Mock video host: a path-traversal file name gives invalid input for fileName and stores nothing")
    func pathTraversalFileName() async throws {
        // Given a good file uploaded under the name ../../etc/passwd
        let harness = try await MockVideoHostHarness()
        let file = try harness.sampleFile(byteCount: 10_000)
        let upload = VideoUpload(fileURL: file, fileName: "../../etc/passwd", title: "Traversal", ownerID: "u1")

        // When uploading it / Then
        await expectInvalidInput(field: "fileName") { () throws(ServiceError) in
            try await harness.service.upload(upload) { _ in }
        }
        #expect(try await harness.storedItemCount() == 0)
        #expect(!FileManager.default.fileExists(atPath: harness.directory.url.appendingPathComponent("etc").path))
    }
}
