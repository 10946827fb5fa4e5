import Foundation
import IntegrationSupport
import Models
import Services

/// The planted store's file: the documented JSON store format, written by hand here, with the
/// display name's key misspelled on request.
enum PlantedDocument {
    private struct Document: Codable {
        var formatVersion = 2
        var users: [UserEntry]
        var posts: [PostEntry]
        var library: [VideoEntry]  // part of: library

        enum CodingKeys: String, CodingKey {
            case formatVersion = "format_version"
            case users, posts
            case library  // part of: library
        }
    }

    private struct UserEntry: Codable {
        var id: String
        var handle: String
        var displayName: String
        var createdAt: Date

        enum CodingKeys: String, CodingKey {
            case id, handle
            case displayName = "display_name"
            case createdAt = "created_at"
        }
    }

    /// The keys the misspelled flaw writes otherwise: one in each list.
    private static let misspellings = [
        ("\"display_name\"", "\"displayName\""), ("\"author_id\"", "\"authorId\""), ("\"owner_id\"", "\"ownerId\""),
    ]

    private struct PostEntry: Codable {
        var id: String
        var authorID: String
        var text: String
        var createdAt: Date
        var videoID: String?

        enum CodingKeys: String, CodingKey {
            case id, text
            case authorID = "author_id"
            case createdAt = "created_at"
            case videoID = "video_id"
        }
    }

    // begin part of: library
    private struct VideoEntry: Codable {
        struct Status: Codable {
            var state: String
            var playbackURL: String?
            var reason: String?

            enum CodingKeys: String, CodingKey {
                case state, reason
                case playbackURL = "playback_url"
            }
        }

        var id: String
        var ownerID: String
        var title: String
        var durationMilliseconds: Int64?
        var status: Status
        var createdAt: Date

        enum CodingKeys: String, CodingKey {
            case id, title, status
            case ownerID = "owner_id"
            case durationMilliseconds = "duration_ms"
            case createdAt = "created_at"
        }
    }
    // end part of: library

    /// The document holding `snapshot`.
    static func encode(_ snapshot: ModelStore.Snapshot, misspelled: Bool) -> Data {
        let document = Document(
            users: snapshot.users.map {
                UserEntry(
                    id: $0.id.rawValue, handle: $0.handle.rawValue, displayName: $0.displayName, createdAt: $0.createdAt
                )
            },
            posts: snapshot.posts.map {
                PostEntry(
                    id: $0.id.rawValue, authorID: $0.authorID.rawValue, text: $0.text, createdAt: $0.createdAt,
                    videoID: $0.videoID?.rawValue)
            },
            // begin part of: library
            library: snapshot.library.map { video in
                VideoEntry(
                    id: video.id.rawValue, ownerID: video.ownerID.rawValue, title: video.title,
                    durationMilliseconds: video.duration.map {
                        $0.components.seconds * 1_000 + $0.components.attoseconds / 1_000_000_000_000_000
                    },
                    status: status(video.status), createdAt: video.createdAt)
            },
            // end part of: library
        )
        let encoder = JSONCoding.encoder(prettyPrinted: true)
        let data = (try? encoder.encode(document)) ?? Data()
        guard misspelled else { return data }
        var text = String(decoding: data, as: UTF8.self)
        for (documented, written) in misspellings { text = text.replacingOccurrences(of: documented, with: written) }
        return Data(text.utf8)
    }

    /// The models `data` holds.
    ///
    /// - Throws: `.corruptData` when it is not such a document.
    static func decode(_ data: Data, misspelled: Bool) throws(ServiceError) -> ModelStore.Snapshot {
        let decoder = JSONCoding.decoder()
        var data = data
        if misspelled {
            // It reads only what it writes: a documented key is not one it knows.
            var text = String(decoding: data, as: UTF8.self)
            for (documented, written) in misspellings {
                text = text.replacingOccurrences(of: documented, with: "\"unknown\"")
                    .replacingOccurrences(of: written, with: documented)
            }
            data = Data(text.utf8)
        }
        do {
            let document = try decoder.decode(Document.self, from: data)
            return ModelStore.Snapshot(
                users: try document.users.map { entry in
                    guard let handle = Handle(rawValue: entry.handle) else {
                        throw ServiceError.corruptData(location: "users", reason: "handle")
                    }
                    return User(
                        id: User.ID(entry.id), handle: handle, displayName: entry.displayName,
                        createdAt: entry.createdAt)
                },
                posts: document.posts.map {
                    Post(
                        id: Post.ID($0.id), authorID: User.ID($0.authorID), text: $0.text, createdAt: $0.createdAt,
                        videoID: $0.videoID.map { Video.ID($0) })
                },
                // begin part of: library
                library: document.library.map { entry in
                    Video(
                        id: Video.ID(entry.id), ownerID: User.ID(entry.ownerID), title: entry.title,
                        duration: entry.durationMilliseconds.map { .milliseconds($0) }, status: status(entry.status),
                        createdAt: entry.createdAt)
                },
                // end part of: library
            )
        } catch {
            throw .corruptData(location: "planted store", reason: "\(error)")
        }
    }

    // begin part of: library
    private static func status(_ status: Video.Status) -> VideoEntry.Status {
        switch status {
        case .processing: VideoEntry.Status(state: "processing")
        case .ready(let url): VideoEntry.Status(state: "ready", playbackURL: url.absoluteString)
        case .failed(let reason): VideoEntry.Status(state: "failed", reason: reason)
        }
    }

    private static func status(_ entry: VideoEntry.Status) -> Video.Status {
        switch entry.state {
        case "ready": entry.playbackURL.flatMap(URL.init(string:)).map { .ready(playbackURL: $0) } ?? .processing
        case "failed": .failed(reason: entry.reason ?? "")
        default: .processing
        }
    }
    // end part of: library
}
