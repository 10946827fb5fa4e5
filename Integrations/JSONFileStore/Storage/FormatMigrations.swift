import Foundation
import Services

/// Upgrades store files of older formats, one version at a time, in memory: the file itself is
/// rewritten in the current format only by the next save.
///
/// Add a step for each new format: a function from the JSON of version `n` to that of `n + 1`, an
/// arm in `step(from:_:)`, and a test that loads a file of version `n`.
enum FormatMigrations {
    /// A JSON object as `JSONSerialization` reads it.
    typealias Object = [String: Any]

    /// A file that does not have the shape its version promises.
    struct MigrationError: Error {
        /// Where in the file, e.g. `library[2].status`.
        let path: String
        /// What was wrong there.
        let reason: String
    }

    /// `data` (a document of format `version`) in the current format.
    ///
    /// - Throws: `.corruptData` naming the file and the entry that does not match its format.
    static func migrate(_ data: Data, from version: Int, file: String) throws(ServiceError) -> Data {
        // Version 2 has version 3's shape (3 only says a journal may be beside it): decoded as it is.
        if version == 2 { return data }
        guard version >= 1 else {
            throw .corruptData(
                location: file + " at format_version",
                reason: StoreFile.recovery("format \(version) was never written by any version of the app"))
        }
        do {
            guard var object = try JSONSerialization.jsonObject(with: data) as? Object else {
                throw MigrationError(path: "", reason: "the document is not a JSON object")
            }
            for from in version..<StoreDocument.currentFormatVersion { try step(from: from, &object) }
            return try JSONSerialization.data(withJSONObject: object)
        } catch let error as MigrationError {
            let location = error.path.isEmpty ? file : "\(file) at \(error.path)"
            throw .corruptData(location: location, reason: StoreFile.recovery(error.reason))
        } catch {
            throw .corruptData(location: file, reason: StoreFile.recovery("\(error)"))
        }
    }

    /// Turns a document of format `version` into one of `version + 1`.
    static func step(from version: Int, _ document: inout Object) throws(MigrationError) {
        switch version {
        case 1: try version1To2(&document)
        case 2: document["format_version"] = 3
        default: throw MigrationError(path: "format_version", reason: "no migration from format \(version)")
        }
    }

    /// Version 2 to 3 changes no entry: version 3 only says that a journal may be beside the file.
    ///
    /// Version 1 named the display name `name`, and kept a video's status as a word with its
    /// payload beside it (`"status": "ready", "playback_url": …`). Version 2 says `display_name`
    /// and makes the status a tagged object (`"status": {"state": "ready", "playback_url": …}`).
    static func version1To2(_ document: inout Object) throws(MigrationError) {
        var users = try list("users", in: document)
        for index in users.indices {
            users[index]["display_name"] = users[index].removeValue(forKey: "name")
        }
        var library = try list("library", in: document)
        for index in library.indices {
            var video = library[index]
            guard let state = video.removeValue(forKey: "status") as? String else {
                throw MigrationError(path: "library[\(index)].status", reason: "expected a status word")
            }
            var status: Object = ["state": state]
            for key in ["playback_url", "reason"] {
                status[key] = video.removeValue(forKey: key)
            }
            video["status"] = status
            library[index] = video
        }
        document["users"] = users
        document["library"] = library
        document["format_version"] = 2
    }

    private static func list(_ key: String, in document: Object) throws(MigrationError) -> [Object] {
        guard let list = document[key] as? [Object] else {
            throw MigrationError(path: key, reason: "expected a list of objects")
        }
        return list
    }
}
