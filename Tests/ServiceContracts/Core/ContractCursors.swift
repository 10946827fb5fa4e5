import Foundation
import Models
import Services
import Testing

/// Cursors no listing may accept, shared by the checks of every listing.
enum ContractCursors {
    /// Strings that are no cursor at all.
    static let garbled = ["", "garbage", "eyJ2IjoxfQ", "%%%", "\u{0}", String(repeating: "A", count: 4096)]

    /// Well-formed `KeysetCursor`s whose scope is not `ownScope`, the listing under test: empty, an
    /// empty owner, `other`'s listings, `owner`'s other listings (a made-up one among them), a bare
    /// id, and a prefix and an extension of `owner`'s id. An integration with its own cursor format
    /// must refuse them as garbled; one that uses `KeysetCursor` (with the conventional scopes, such
    /// as `KeysetCursor.feedScope`) must refuse them by their scope.
    static func foreignScoped(ownScope: String, owner: User.ID, other: User.ID, after date: Date) -> [KeysetCursor] {
        let prefix = User.ID(String(owner.rawValue.dropLast()))
        let extended = User.ID(owner.rawValue + "/x")
        let owners = [User.ID(""), other, owner, prefix, extended]
        let listings: [@Sendable (User.ID) -> String] = [
            KeysetCursor.feedScope, { "elsewhere:\($0.rawValue)" },
            KeysetCursor.libraryScope,  // part of: library
        ]
        let scopes = [""] + owners.flatMap { owner in listings.map { $0(owner) } } + [owner.rawValue, other.rawValue]
        return scopes.filter { $0 != ownScope }.map {
            KeysetCursor(scope: $0, milliseconds: date.millisecondsSince1970 + 1, id: "~")
        }
    }

    // begin part of: library
    /// A real cursor from `owner`'s video library, made by saving two videos there.
    static func libraryCursor(of owner: User.ID, in library: any VideoLibraryService) async throws -> Cursor {
        for index in 0..<2 {
            _ = try await library.save(
                Video(
                    id: Video.ID("video-\(UUID().uuidString)"), ownerID: owner, title: "Clip \(index)",
                    status: .processing, createdAt: ContractClock.start.addingTimeInterval(Double(index))
                )
            )
        }
        let page = try await library.videos(ownerID: owner, page: .first(1))
        return try #require(page.nextCursor, "a library of two videos listed one at a time must have a next cursor")
    }
    // end part of: library

    /// A real cursor from `author`'s feed, made by publishing two posts.
    static func feedCursor(of author: User.ID, in posts: any PostService) async throws -> Cursor {
        for index in 0..<2 {
            _ = try await posts.publish(PostDraft(authorID: author, text: "post \(index)"))
        }
        let page = try await posts.feed(authorID: author, page: .first(1))
        return try #require(page.nextCursor, "a feed of two posts listed one at a time must have a next cursor")
    }
}
