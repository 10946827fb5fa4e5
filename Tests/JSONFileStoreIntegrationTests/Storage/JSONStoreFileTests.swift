import Foundation
import IntegrationSupport
import JSONFileStoreIntegration
import Models
import Services
import TestSupport
import Testing

@Suite("JSON file store file")
struct JSONStoreFileTests {
    @Test("an outside JSON tool reads the file, and its shape is the one the docs describe")
    func outsideReader() async throws {
        // Given a store with a user, a post and a saved video
        let store = try StoreDirectory(prefix: "json-outside")
        try await store.withStarted { integration in
            let user = try await integration.userService.create(UserDraft(handle: "reader", displayName: "Reader"))
            _ = try await integration.postService.publish(PostDraft(authorID: user.id, text: "Readable"))
            _ = try await integration.videoLibraryService.save(
                Video(
                    id: .init("v1"), ownerID: user.id, title: "Clip", duration: .milliseconds(1_500),
                    status: .ready(playbackURL: URL(string: "https://cdn.example/v1.m3u8")!), createdAt: Date()))
        }

        // When python3's json.tool reads it
        let outcome = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", "-m", "json.tool", store.file.path],
            in: store.url)

        // Then it parses, and the keys are the documented ones, sorted, snake_case
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let text = try String(contentsOf: store.file, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"format_version\" : 3,\n  \"library\" : ["), "\(text.prefix(80))")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["format_version", "library", "posts", "users"])
        let post = try #require((object["posts"] as? [[String: Any]])?.first)
        #expect(Set(post.keys) == ["author_id", "created_at", "id", "text"])
        let video = try #require((object["library"] as? [[String: Any]])?.first)
        #expect(Set(video.keys) == ["created_at", "duration_ms", "id", "owner_id", "status", "title"])
        #expect(
            video["status"] as? [String: String] == ["state": "ready", "playback_url": "https://cdn.example/v1.m3u8"])
        let user = try #require((object["users"] as? [[String: Any]])?.first)
        #expect(Set(user.keys) == ["created_at", "display_name", "handle", "id"])
        #expect((user["created_at"] as? String)?.hasSuffix("Z") == true)
    }

    @Test("the file is mode 0600, and start removes only stale temporary files of its own naming")
    func modeAndCleanup() async throws {
        // Given a store, a stale temporary file of the store's naming, and files it did not write
        let store = try StoreDirectory(prefix: "json-cleanup")
        try await store.withStarted { integration in
            _ = try await integration.userService.create(UserDraft(handle: "owner", displayName: "Owner"))
        }
        let stale = store.url.appendingPathComponent(".store.json.tmp-0123456789abcdef")
        let foreign = ["notes.txt", ".store.json.tmp-mine", "store.json.bak"]
        try Data("half a save".utf8).write(to: stale)
        for name in foreign { try Data("keep".utf8).write(to: store.url.appendingPathComponent(name)) }

        // When the store starts again
        try await store.withStarted { _ in }

        // Then the stale file is gone and the others are untouched
        let entries = Set(try FileManager.default.contentsOfDirectory(atPath: store.url.path))
        #expect(!entries.contains(stale.lastPathComponent))
        for name in foreign { #expect(entries.contains(name), "\(name) was removed") }
        let mode = try FileManager.default.attributesOfItem(atPath: store.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("1,000 concurrent publishes share a handful of saves, and each is in the files when it returns")
    func groupCommit() async throws {
        // Given a started store and an author
        let store = try StoreDirectory(prefix: "json-group")
        let integration = store.integration()
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "busy", displayName: "Busy"))
        let savesBefore = await integration.saveCount

        // When 1,000 publishes run at once, each checking the file as soon as it returns
        let missing = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    let post = try await integration.postService.publish(
                        PostDraft(authorID: author.id, text: "n\(index)"))
                    return try store.storedPostIDs().contains(post.id.rawValue)
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 0 : 1) }
        }

        // Then every publish was in the files when it returned, and the saves were few
        let saves = await integration.saveCount - savesBefore
        await integration.stop()
        #expect(missing == 0)
        #expect(saves <= 20, "\(saves) saves for 1,000 publishes")
        #expect(try store.storedPostIDs().count == 1_000)
    }

    @Test(
        "a save that fails on a full disk keeps the previous files, rolls the change back, and works once space is freed",
        .requires(ScratchFileSystem.isAvailable, "needs root and a tmpfs mount")
    )
    func fullDisk() async throws {
        // Given a store on a small disk holding one post
        let disk = try ScratchFileSystem(byteCount: 512 << 10)
        let directory = disk.url.appendingPathComponent("json")
        let integration = JSONFileStoreIntegration(configuration: .init(directory: directory))
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "full", displayName: "Full"))
        let kept = try await integration.postService.publish(PostDraft(authorID: author.id, text: "before"))
        let files = ["store.json", "store.journal"].map { directory.appendingPathComponent($0) }

        // When the disk is filled and publishes are tried until one fails: a save appends to the
        // journal, and the journal's last block may have room for a few lines
        let filler = try disk.fill()
        var published = [kept]
        var failure: (error: ServiceError, files: [Data?], filesBefore: [Data?])?
        let text = String(repeating: "é", count: 500)
        for _ in 0..<50 where failure == nil {
            let filesBefore = files.map { try? Data(contentsOf: $0) }
            do throws(ServiceError) {
                published.append(try await integration.postService.publish(PostDraft(authorID: author.id, text: text)))
            } catch {
                failure = (error, files.map { try? Data(contentsOf: $0) }, filesBefore)
            }
        }

        // Then it says the disk is full, the files are as before it, and its change is not visible
        let failed = try #require(failure, "50 publishes of 1 KB each fit on a full disk")
        #expect("\(failed.error)".contains("disk is full"), "\(failed.error)")
        #expect(failed.files == failed.filesBefore, "the failed save changed the files")
        #expect(Set(try await allPosts(of: author.id, in: integration.postService)) == Set(published))

        // And once space is freed, publishing works again
        try disk.free(filler)
        _ = try await integration.postService.publish(PostDraft(authorID: author.id, text: "after"))
        #expect(try await allPosts(of: author.id, in: integration.postService).count == published.count + 1)
        await integration.stop()
    }
}
