/// The whole store file: the format version and every user, post and saved video, each list
/// sorted by id so that a change shows as a small diff.
struct StoreDocument: Codable, Hashable, Sendable {
    /// The format this version writes. Older files are migrated on load (`FormatMigrations`);
    /// newer ones are refused. Version 3 may have changes in `store.journal` beside it, which a
    /// reader of version 2 would not know to replay: so it refuses the file instead.
    static let currentFormatVersion = 3

    var formatVersion: Int
    var users: [UserEntry]
    var posts: [PostEntry]
    var library: [VideoEntry]

    private enum CodingKeys: String, CodingKey {
        case users, posts, library
        case formatVersion = "format_version"
    }
}
