import Foundation
import Services
import TestSupport
import Testing

@Suite("JSON file store bad files")
struct JSONStoreBadFileTests {
    /// A file start must refuse, and words its error must contain besides the file's path.
    struct BadFile: Sendable, CustomTestStringConvertible {
        let name: String
        let content: String
        let mentions: [String]
        var testDescription: String { name }
    }

    static let cases: [BadFile] = [
        BadFile(name: "empty", content: "", mentions: ["empty"]),
        BadFile(
            name: "truncated", content: #"{"format_version": 2, "users": [{"id": "a", "han"#,
            mentions: ["not valid JSON"]),
        BadFile(name: "not JSON", content: "users:\n  - alice\n", mentions: ["not valid JSON"]),
        BadFile(name: "a list, not an object", content: "[1, 2, 3]\n", mentions: ["expected an object"]),
        BadFile(
            name: "a key nested a million deep",
            content: #"{"format_version": 2, "users": [], "posts": [], "library": [], "extra": "#
                + String(repeating: "[", count: 1_000_000),
            mentions: ["not valid JSON"]),
        BadFile(
            name: "no format version", content: #"{"users": [], "posts": [], "library": []}"#,
            mentions: ["format_version", "missing"]),
        BadFile(
            name: "wrong shape", content: #"{"format_version": 2, "users": [], "posts": {}, "library": []}"#,
            mentions: ["at posts", "a list"]),
        BadFile(
            name: "a bad date deep inside",
            content: #"""
                {"format_version": 2, "library": [], "users": [], "posts": [
                  {"id": "p1", "author_id": "u1", "text": "hi", "created_at": "2024-03-01T12:00:00.000Z"},
                  {"id": "p2", "author_id": "u1", "text": "hi", "created_at": "yesterday"}]}
                """#,
            mentions: ["at posts[1].created_at", "ISO 8601"]),
        BadFile(
            name: "an unknown video state",
            content: #"""
                {"format_version": 2, "posts": [], "users": [], "library": [{"id": "v1", "owner_id": "u1",
                  "title": "t", "status": {"state": "melted"}, "created_at": "2024-03-01T12:00:00Z"}]}
                """#,
            mentions: ["at library[0].status.state", "melted"]),
        BadFile(
            name: "an invalid handle",
            content: #"""
                {"format_version": 2, "posts": [], "library": [], "users": [{"id": "u1", "handle": "no spaces!",
                  "display_name": "A", "created_at": "2024-03-01T12:00:00Z"}]}
                """#,
            mentions: ["users[0]", "not a valid handle"]),
        BadFile(
            name: "a newer format", content: #"{"format_version": 4, "users": [], "posts": [], "library": []}"#,
            mentions: ["format 4", "newer version"]),
        BadFile(
            name: "a post of 1 MB",
            content:
                #"{"format_version": 2, "library": [], "users": [], "posts": [{"id": "p1", "author_id": "u1", "text": ""#
                + String(repeating: "a", count: 1_048_576)
                + #"", "created_at": "2024-03-01T12:00:00.000Z"}]}"#,
            mentions: ["at posts[0]", "text", "at most"]),
        BadFile(
            name: "an empty post",
            content:
                #"{"format_version": 2, "library": [], "users": [], "posts": [{"id": "p1", "author_id": "u1", "text": "", "created_at": "2024-03-01T12:00:00.000Z"}]}"#,
            mentions: ["at posts[0]", "text"]),
        BadFile(
            name: "a post with a control character",
            content:
                #"{"format_version": 2, "library": [], "users": [], "posts": [{"id": "p1", "author_id": "u1", "text": "bell\u0007", "created_at": "2024-03-01T12:00:00.000Z"}]}"#,
            mentions: ["at posts[0]", "text", "control"]),
        BadFile(
            name: "a post with an empty id",
            content:
                #"{"format_version": 2, "library": [], "users": [], "posts": [{"id": "", "author_id": "u1", "text": "hi", "created_at": "2024-03-01T12:00:00.000Z"}]}"#,
            mentions: ["at posts[0]", "id", "empty"]),
        BadFile(
            name: "a date in the year 10000",
            content:
                #"{"format_version": 2, "posts": [], "users": [], "library": [{"id": "v1", "owner_id": "u1", "title": "t", "status": {"state": "processing"}, "created_at": "10000-01-01T00:00:00Z"}]}"#,
            mentions: ["at library[0].created_at", "ISO 8601"]),
        BadFile(
            name: "a display name with a newline",
            content:
                #"{"format_version": 2, "posts": [], "library": [], "users": [{"id": "u1", "handle": "alice", "display_name": "A\nB", "created_at": "2024-03-01T12:00:00Z"}]}"#,
            mentions: ["users[0]", "displayName"]),
    ]

    @Test("start refuses the file as corrupt data, naming it and where, and leaves it byte for byte", arguments: cases)
    func refused(_ bad: BadFile) async throws {
        // Given a store directory whose file is bad
        let store = try StoreDirectory(prefix: "json-bad")
        try store.write(bad.content)
        let before = try Data(contentsOf: store.file)

        // When the integration starts on it
        let integration = store.integration()
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in try await integration.start() }

        // Then it is corrupt data naming the file, the place and how to recover
        guard case .corruptData(let location, let reason) = error else { return }
        let message = "\(location): \(reason)"
        #expect(location.hasPrefix(store.file.path), "\(message)")
        for word in bad.mentions { #expect(message.contains(word), "missing \(word.debugDescription) in \(message)") }
        #expect(reason.contains("left unchanged"), "\(message)")
        // The remedy: the newer version for a newer format; else an empty store takes the journal aside too
        #expect(
            reason.contains("open it with the newer version")
                || reason.contains("move it and store.journal beside it aside"), "\(message)")

        // And the file is unchanged, and nothing but the lock file was added beside it
        #expect(try Data(contentsOf: store.file) == before)
        let entries = try FileManager.default.contentsOfDirectory(atPath: store.url.path).sorted()
        #expect(entries == ["store.json", "store.json.lock"])
        await integration.stop()
    }

    @Test("a symbolic link in place of the store file is refused, and the link and its target are left as they are")
    func symbolicLink() async throws {
        // Given a store file that is a link to a file elsewhere
        let store = try StoreDirectory(prefix: "json-link")
        let elsewhere = try TemporaryDirectory(prefix: "json-link-target")
        let target = elsewhere.file(named: "real.json")
        let content = Data(#"{"format_version": 2, "users": [], "posts": [], "library": []}"#.utf8)
        try content.write(to: target)
        try FileManager.default.createDirectory(at: store.url, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: store.file, withDestinationURL: target)

        // When the integration starts on it
        let integration = store.integration()
        let error = await expectServiceError(.unavailable) { () throws(ServiceError) in try await integration.start() }

        // Then it says what the link is and what to do, and nothing changed
        #expect("\(String(describing: error))".contains("symbolic link"), "\(String(describing: error))")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.file.path) == target.path)
        #expect(try Data(contentsOf: target) == content)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.url.path) == ["store.json"])
    }

    @Test("a read-only store file is refused and stays read-only and unchanged")
    func readOnlyFile() async throws {
        // Given a store file whose mode is 0444
        let store = try StoreDirectory(prefix: "json-read-only")
        try store.write(#"{"format_version": 2, "users": [], "posts": [], "library": []}"#)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store.file.path)
        let before = try Data(contentsOf: store.file)

        // When the integration starts on it
        let integration = store.integration()
        let error = await expectServiceError(.unavailable) { () throws(ServiceError) in try await integration.start() }

        // Then it says so and how to fix it, and the file keeps its mode and bytes
        #expect("\(String(describing: error))".contains("read-only (mode 444)"), "\(String(describing: error))")
        let mode = try FileManager.default.attributesOfItem(atPath: store.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o444)
        #expect(try Data(contentsOf: store.file) == before)
    }

    @Test("a named pipe in place of the store file or its journal is refused at once, and left as it is")
    func namedPipe() async throws {
        for name in ["store.json", "store.journal"] {
            // Given a store directory where a file of the store is a named pipe nobody writes to
            let store = try StoreDirectory(prefix: "json-fifo")
            try FileManager.default.createDirectory(at: store.url, withIntermediateDirectories: true)
            let pipe = store.url.appendingPathComponent(name)
            #expect(mkfifo(pipe.path, 0o600) == 0)

            // When the integration starts on it (before the fix, opening it waited for a writer)
            let integration = store.integration()
            let error = await expectServiceError(.unavailable) { () throws(ServiceError) in
                try await integration.start()
            }

            // Then it names the file and what it is, and the pipe is still there
            let message = String(describing: error)
            #expect(message.contains(pipe.path) && message.contains("regular file"), "\(message)")
            var info = stat()
            #expect(lstat(pipe.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        }
    }
}
