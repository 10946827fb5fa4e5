import Foundation
import IntegrationSupport

extension StoreDocument {
    /// The document `data` holds, read with a `JSONScanner` straight into the entries: about four
    /// times as fast as `JSONDecoder` on a large store, which start-up reads whole. `nil` for
    /// anything that is not a well-formed document of the current format (a key missing or of
    /// another type, a date that is not one): the caller then decodes with `JSONDecoder`, which
    /// accepts the same documents and names the place of any mistake.
    static func scanned(from data: Data) -> StoreDocument? {
        data.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw.bindMemory(to: UInt8.self))
            var document = StoreDocument(formatVersion: 0, users: [], posts: [], library: [])
            var seen: Set<String> = []
            let read = scanner.members { key, scanner in
                guard seen.insert(key).inserted else { return false }
                switch key {
                case "format_version":
                    guard let version = scanner.int64() else { return false }
                    document.formatVersion = Int(version)
                    return true
                case "users": return scanner.elements { Self.add(UserEntry.scanned(&$0), to: &document.users) }
                case "posts": return scanner.elements { Self.add(PostEntry.scanned(&$0), to: &document.posts) }
                case "library": return scanner.elements { Self.add(VideoEntry.scanned(&$0), to: &document.library) }
                default: return scanner.skipValue()
                }
            }
            guard read, scanner.isAtEnd(), seen.isSuperset(of: ["format_version", "users", "posts", "library"])
            else { return nil }
            return document
        }
    }

    private static func add<Entry>(_ entry: Entry?, to list: inout [Entry]) -> Bool {
        guard let entry else { return false }
        list.append(entry)
        return true
    }
}

extension JSONScanner {
    /// The members of the object that comes next, each read by `read` (which returns whether it
    /// took the key); a key read twice, or one `read` does not take whose value is not a string,
    /// number, `true`, `false` or `null`, fails. Keys `read` does not take are skipped, as
    /// `JSONDecoder` ignores them.
    fileprivate mutating func entry(_ read: (String, inout JSONScanner) -> Bool?) -> Bool {
        var seen: [String] = []
        return members { key, scanner in
            guard !seen.contains(key) else { return false }
            seen.append(key)
            return read(key, &scanner) ?? scanner.skipValue()
        }
    }

    /// The date that comes next, spelled as the file writes it.
    fileprivate mutating func date() -> Date? {
        string().flatMap { Date(iso8601Milliseconds: $0) }
    }

    /// `value` when it is not `nil`, recording it in `slot`; whether it was read.
    fileprivate static func put<Value>(_ value: Value?, into slot: inout Value?) -> Bool {
        slot = value
        return value != nil
    }
}

extension UserEntry {
    fileprivate static func scanned(_ scanner: inout JSONScanner) -> UserEntry? {
        var (id, handle, displayName): (String?, String?, String?) = (nil, nil, nil)
        var createdAt: Date?
        let read = scanner.entry { key, scanner in
            switch key {
            case "id": JSONScanner.put(scanner.string(), into: &id)
            case "handle": JSONScanner.put(scanner.string(), into: &handle)
            case "display_name": JSONScanner.put(scanner.string(), into: &displayName)
            case "created_at": JSONScanner.put(scanner.date(), into: &createdAt)
            default: nil
            }
        }
        guard read, let id, let handle, let displayName, let createdAt else { return nil }
        return UserEntry(id: id, handle: handle, displayName: displayName, createdAt: createdAt)
    }
}

extension PostEntry {
    fileprivate static func scanned(_ scanner: inout JSONScanner) -> PostEntry? {
        var (id, authorID, text, videoID): (String?, String?, String?, String?) = (nil, nil, nil, nil)
        var createdAt: Date?
        let read = scanner.entry { key, scanner in
            switch key {
            case "id": JSONScanner.put(scanner.string(), into: &id)
            case "author_id": JSONScanner.put(scanner.string(), into: &authorID)
            case "text": JSONScanner.put(scanner.string(), into: &text)
            case "created_at": JSONScanner.put(scanner.date(), into: &createdAt)
            case "video_id": scanner.null() || JSONScanner.put(scanner.string(), into: &videoID)
            default: nil
            }
        }
        guard read, let id, let authorID, let text, let createdAt else { return nil }
        return PostEntry(id: id, authorID: authorID, text: text, createdAt: createdAt, videoID: videoID)
    }
}

extension VideoEntry {
    fileprivate static func scanned(_ scanner: inout JSONScanner) -> VideoEntry? {
        var (id, ownerID, title): (String?, String?, String?) = (nil, nil, nil)
        var (duration, createdAt, status): (Int64?, Date?, Status?) = (nil, nil, nil)
        let read = scanner.entry { key, scanner in
            switch key {
            case "id": JSONScanner.put(scanner.string(), into: &id)
            case "owner_id": JSONScanner.put(scanner.string(), into: &ownerID)
            case "title": JSONScanner.put(scanner.string(), into: &title)
            case "created_at": JSONScanner.put(scanner.date(), into: &createdAt)
            case "duration_ms": scanner.null() || JSONScanner.put(scanner.int64(), into: &duration)
            case "status": JSONScanner.put(Status.scanned(&scanner), into: &status)
            default: nil
            }
        }
        guard read, let id, let ownerID, let title, let createdAt, let status else { return nil }
        return VideoEntry(
            id: id, ownerID: ownerID, title: title, durationMilliseconds: duration, status: status,
            createdAt: createdAt)
    }
}

extension VideoEntry.Status {
    fileprivate static func scanned(_ scanner: inout JSONScanner) -> VideoEntry.Status? {
        var (state, playbackURL, reason): (String?, String?, String?) = (nil, nil, nil)
        let read = scanner.entry { key, scanner in
            switch key {
            case "state": JSONScanner.put(scanner.string(), into: &state)
            case "playback_url": scanner.null() || JSONScanner.put(scanner.string(), into: &playbackURL)
            case "reason": scanner.null() || JSONScanner.put(scanner.string(), into: &reason)
            default: nil
            }
        }
        guard read else { return nil }
        switch state {
        case "processing": return .processing
        case "ready": return playbackURL.map { .ready(playbackURL: $0) }
        case "failed": return reason.map { .failed(reason: $0) }
        default: return nil
        }
    }
}
