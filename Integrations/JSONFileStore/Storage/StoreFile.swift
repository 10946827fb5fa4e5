import Foundation
import IntegrationSupport
import Services

/// Reads and writes the store file: one JSON document, pretty-printed with sorted keys.
///
/// Loading never changes the file. A file of an older format is migrated in memory
/// (`FormatMigrations`) and written in the current format by the next save; a newer format, or
/// anything that is not a store file, is refused with `.corruptData` naming the file and where.
enum StoreFile {
    /// Checks that the store may replace `url` when it saves: a regular file its owner may write, or
    /// none yet. Every save renames a new file over it, so a symbolic link would be replaced by a
    /// file (its target left behind, the two diverging) and a read-only file made writable.
    ///
    /// - Throws: `.unavailable` naming the file and what to do, changing nothing.
    static func checkReplaceable(_ url: URL) throws(ServiceError) {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return }
        let type = info.st_mode & S_IFMT
        if type == S_IFLNK {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?"
            throw .unavailable(
                reason: "\(url.path) is a symbolic link (to \(target)); the store saves by replacing its file, which "
                    + "would leave the link's target behind. Replace the link with the file itself, or point the data "
                    + "directory at the target's directory. Nothing was changed",
                retryAfter: nil)
        }
        if type != S_IFREG {
            throw .unavailable(
                reason: "\(url.path) is not a regular file (\(Self.kind(of: type))); the store keeps its data in a "
                    + "regular file that each save replaces. Move it aside, or point the data directory elsewhere. "
                    + "Nothing was changed",
                retryAfter: nil)
        }
        if info.st_mode & S_IWUSR == 0 {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw .unavailable(
                reason: "\(url.path) is read-only (mode \(mode)); the store would have to replace it on its next "
                    + "change. Make it writable (chmod u+w), or open a copy. Nothing was changed",
                retryAfter: nil)
        }
    }

    /// What a file of `type` (`st_mode & S_IFMT`) is, in words.
    private static func kind(of type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "of another kind"
        }
    }

    /// The file's content as a document in the current format, with the format it was written in,
    /// or `nil` when there is no file yet.
    ///
    /// - Throws: `.corruptData` naming the file and the key path or position of the problem when it
    ///   is empty, not JSON, not shaped like a store, of a newer format, or holds an entry that
    ///   cannot be an app model; `.unavailable` when it cannot be read.
    static func load(_ url: URL) throws(ServiceError) -> (document: StoreDocument, writtenIn: Int, bytes: Int)? {
        let data: Data?
        do {
            data = try Data(contentsOfFileIfPresent: url)
        } catch {
            throw .unavailable(
                reason: "Cannot read \(url.path) (\(error.localizedDescription)); check that it is a "
                    + "readable file and its directory is accessible",
                retryAfter: nil)
        }
        guard let data else { return nil }
        let (document, version) = try decode(data, file: url.path)
        return (document, version, data.count)
    }

    /// The document `data` holds, in the current format, and the format it was written in (see
    /// `load(_:)`); `file` names it in errors.
    static func decode(_ data: Data, file: String) throws(ServiceError) -> (StoreDocument, Int) {
        guard !data.isEmpty else {
            throw .corruptData(location: file, reason: recovery("is empty (0 bytes)"))
        }
        // A well-formed file of the current format, read by the scanner; anything else takes the
        // way below, which migrates older formats and names the place of a mistake.
        if let document = StoreDocument.scanned(from: data),
            document.formatVersion == StoreDocument.currentFormatVersion
        {
            return (document, document.formatVersion)
        }
        let version = try formatVersion(of: data, file: file)
        if version > StoreDocument.currentFormatVersion {
            throw .corruptData(
                location: file,
                reason: "was written in format \(version) by a newer version of the app, which this one "
                    + "(format \(StoreDocument.currentFormatVersion)) cannot read. The file was left unchanged: open it "
                    + "with the newer version")
        }
        let current =
            version == StoreDocument.currentFormatVersion
            ? data : try FormatMigrations.migrate(data, from: version, file: file)
        do {
            return (try decoder.decode(StoreDocument.self, from: current), version)
        } catch {
            throw .corruptData(location: file + describe(error), reason: recovery(reason(error)))
        }
    }

    /// The bytes that store `document`: pretty-printed, keys sorted, ending in a newline.
    ///
    /// - Throws: `.corruptData` if the document cannot be encoded (never expected: plain strings,
    ///   integers and dates); nothing is written then, so the file keeps its previous content.
    static func encode(_ document: StoreDocument, file: String) throws(ServiceError) -> Data {
        do {
            var data = try encoder.encode(document)
            data.append(0x0A)
            return data
        } catch {
            throw .corruptData(
                location: file, reason: "the store could not be encoded (\(error)); the file is unchanged")
        }
    }

    // MARK: Format version

    private struct VersionProbe: Decodable {
        let formatVersion: Int

        private enum CodingKeys: String, CodingKey {
            case formatVersion = "format_version"
        }
    }

    private static func formatVersion(of data: Data, file: String) throws(ServiceError) -> Int {
        do {
            return try JSONDecoder().decode(VersionProbe.self, from: data).formatVersion
        } catch {
            throw .corruptData(location: file + describe(error), reason: recovery(reason(error)))
        }
    }

    // MARK: Coding

    private static let encoder = JSONCoding.encoder(prettyPrinted: true)
    private static let decoder = JSONCoding.decoder()

    /// ` at posts[3].created_at` for a decoding error with a key path, `""` otherwise.
    private static func describe(_ error: any Error) -> String {
        guard let path = codingPath(of: error), !path.isEmpty else { return "" }
        return " at " + path.dottedPath
    }

    private static func codingPath(of error: any Error) -> [any CodingKey]? {
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            context.codingPath
        case .keyNotFound(let key, let context):
            context.codingPath + [key]
        default:
            nil
        }
    }

    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _):
            return "the key \(key.stringValue.debugDescription) is missing"
        case .typeMismatch(let type, let context):
            return "expected \(typeName(type)): \(context.debugDescription)"
        case .valueNotFound(let type, _):
            return "expected \(typeName(type)), found null"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return [context.debugDescription, underlying].compactMap { $0 }.joined(separator: " ")
        default:
            return String(describing: error)
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        default: "\(type)".hasPrefix("Array") ? "a list" : "an object"
        }
    }

    /// `problem`, followed by what the user can do: the file is left as it is. An empty store
    /// needs the journal moved aside too: replayed over nothing, it would bring back the saves
    /// since `store.json` was last written, posts whose authors are gone.
    static func recovery(_ problem: String) -> String {
        problem.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            + ". The file was left unchanged: fix it by hand, restore it from a backup, or move it and "
            + "store.journal beside it aside to start an empty store (see Docs/Integrations/JSONFileStore.md)"
    }
}
