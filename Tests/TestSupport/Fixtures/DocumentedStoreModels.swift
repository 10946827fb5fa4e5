import Foundation
import Models

/// The users, posts and videos the store samples under `Docs/Formats/` hold
/// (`json-file-store.json`, `sqlite-store.sql`): what a store opened on a sample must read back.
public enum DocumentedStoreModels {
    static let demo = User.ID("1ddddd46-4385-45b2-8efb-00118c80ee79")
    static let zoe = User.ID("7a1f0c22-9b1e-4d7a-a0c5-5f2e8d1b3c44")

    /// The two users.
    public static let users: [User] = [
        User(id: demo, handle: Handle(rawValue: "silo_demo")!, displayName: "Silo Demo", createdAt: at("11:38:34.421")),
        User(id: zoe, handle: Handle(rawValue: "zoe")!, displayName: "Zoë 👩‍💻", createdAt: at("11:38:50.999")),
    ]

    /// A post with a video and one without.
    public static let posts: [Post] = [
        Post(
            id: "ab782440-a2dd-413c-a56c-bd339253eb22", authorID: demo, text: "hello json",
            createdAt: at("11:38:34.424"), videoID: "v-1"),
        Post(
            id: "c0ffee00-1111-4222-8333-944445555666", authorID: zoe, text: "a post without a video",
            createdAt: at("11:39:00.007")),
    ]

    /// A video in each status.
    public static let videos: [Video] = [
        Video(
            id: "v-1", ownerID: demo, title: "Launch", duration: .milliseconds(61_250),
            status: .ready(playbackURL: URL(string: "https://cdn.example/v-1.m3u8")!), createdAt: at("11:40:02.118")),
        Video(id: "v-2", ownerID: demo, title: "Rehearsal", status: .processing, createdAt: at("11:41:10.002")),
        Video(
            id: "v-3", ownerID: zoe, title: "Outtake", status: .failed(reason: "the codec is not supported"),
            createdAt: at("11:42:00.500")),
    ]

    /// 2026-11-23 at `time` (`HH:mm:ss.SSS`) UTC.
    private static func at(_ time: String) -> Date {
        let parts = time.split(whereSeparator: { $0 == ":" || $0 == "." }).compactMap { Int64($0) }
        let milliseconds = ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1_000 + parts[3]
        return Date(millisecondsSince1970: 1_795_392_000_000 + milliseconds)
    }
}
