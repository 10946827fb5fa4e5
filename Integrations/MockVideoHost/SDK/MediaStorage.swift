import Foundation
import IntegrationSupport

/// The directory the host owns: for each media item `<mediaID>.media` (its bytes) and
/// `<mediaID>.json` (its record), and `<mediaID>.partial` while it uploads.
///
/// An upload writes the partial file under an exclusive `flock`, renames it to `.media` when
/// complete (the lock follows it), writes the record durably, and only then lets the lock go. So
/// a `.media` file is always whole, a record always has its bytes, and any process's start-up can
/// tell a live upload (locked) from one a killed process left behind (unlocked). A value type with
/// no state beyond its location; safe anywhere.
struct MediaStorage: Sendable {
    static let mediaExtension = "media"
    static let partialExtension = "partial"
    static let recordExtension = "json"

    /// The storage directory.
    let directory: URL
    /// The contract checks' simulated crash: once tripped, nothing more reaches the directory.
    var crashSwitch: CrashSwitch? = nil

    /// Fails, writing nothing, once the contract checks' simulated crash has tripped.
    private func beforeDurableWrite() throws(MediaHostError) {
        do {
            try crashSwitch?.beforeDurableWrite()
        } catch {
            throw .storageUnavailable(path: directory.path, reason: error.description)
        }
    }

    /// Where the complete bytes of `mediaID` live.
    func mediaURL(for mediaID: String) -> URL {
        url(for: mediaID, extension: Self.mediaExtension)
    }

    /// Where the bytes of `mediaID` are written while it uploads.
    func partialURL(for mediaID: String) -> URL {
        url(for: mediaID, extension: Self.partialExtension)
    }

    /// Where the record of `mediaID` lives.
    func recordURL(for mediaID: String) -> URL {
        url(for: mediaID, extension: Self.recordExtension)
    }

    /// Whether `text` is a media id this host hands out: `med_` and 16 lowercase hex digits.
    static func isMediaID(_ text: Substring) -> Bool {
        text.count == 20 && text.hasPrefix("med_")
            && text.dropFirst(4).allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    /// Creates the directory when it is missing, checks that it is a writable directory, and
    /// removes what a killed process left: a partial upload, a `.media` without its record, a
    /// temporary file of a record write. Only regular files of the host's own naming that no live
    /// upload holds are removed, never anything else, never below the directory.
    ///
    /// - Throws: `.storageBlocked` when a file stands in its place, `.storageUnavailable` when it
    ///   cannot be created or written.
    func prepare() throws(MediaHostError) {
        let manager = FileManager.default
        let path = directory.path
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .storageBlocked(path: path) }
        } else {
            do {
                try manager.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .storageUnavailable(path: path, reason: "cannot create it: \(error.localizedDescription)")
            }
        }
        guard manager.isWritableFile(atPath: path) else {
            throw .storageUnavailable(path: path, reason: "the directory is not writable")
        }
        removeAbandonedFiles()
    }

    /// Removes the files of uploads and record writes that a killed process left; see `prepare()`.
    ///
    /// `names` is the listing it goes by (the directory's now, by default). A `.media` file that
    /// has no record there is removed only if, once its lock is taken, its record is still
    /// missing: the upload that held the lock may have written the record and let go since.
    func removeAbandonedFiles(listed names: [String]? = nil) {
        let names = names ?? (try? entryNames()) ?? []
        let records = Set(Self.recordedMediaIDs(in: names))
        for name in names {
            guard let dot = name.lastIndex(of: "."), Self.isMediaID(name[..<dot]) else { continue }
            let id = String(name[..<dot])
            let kind = name[name.index(after: dot)...]
            let abandoned = kind == Self.partialExtension || (kind == Self.mediaExtension && !records.contains(id))
            guard abandoned else { continue }
            FileLock.removeIfUnlocked(directory.appendingPathComponent(name).path) {
                kind == Self.mediaExtension && FileManager.default.fileExists(atPath: recordURL(for: id).path)
            }
        }
        DurableFile.removeAbandonedTemporaryFiles(in: directory)
    }

    /// The names of every entry in the directory, hidden ones included.
    func entryNames() throws(MediaHostError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .storageUnavailable(path: directory.path, reason: "cannot list it: \(error.localizedDescription)")
        }
    }

    /// The ids of every media item with a record.
    func recordedMediaIDs() throws(MediaHostError) -> [String] {
        Self.recordedMediaIDs(in: try entryNames())
    }

    /// The ids of the media items whose records are among `names` (a listing of the directory).
    static func recordedMediaIDs(in names: [String]) -> [String] {
        names.compactMap { name in
            guard name.hasSuffix("." + Self.recordExtension) else { return nil }
            let id = name.dropLast(Self.recordExtension.count + 1)
            return Self.isMediaID(id) ? String(id) : nil
        }
    }

    /// Whether anything (bytes, record or partial upload) is stored under `mediaID`.
    func holdsFiles(for mediaID: String) -> Bool {
        [mediaURL(for: mediaID), partialURL(for: mediaID), recordURL(for: mediaID)].contains {
            FileManager.default.fileExists(atPath: $0.path)
        }
    }

    /// Creates the partial file of a new upload, locked until the lock is released; `nil` when a
    /// file of that name exists already (another process drew the same id).
    ///
    /// - Throws: `.storageUnavailable` when it cannot be created for any other reason.
    func createPartial(for mediaID: String) throws(MediaHostError) -> FileLock? {
        do {
            return try FileLock.createExclusive(at: partialURL(for: mediaID).path)
        } catch  where error.code == EEXIST {
            return nil
        } catch {
            throw .storageUnavailable(path: partialURL(for: mediaID).path, reason: error.description)
        }
    }

    /// Renames the finished partial file of `mediaID` into place.
    func commit(_ mediaID: String) throws(MediaHostError) {
        try beforeDurableWrite()
        do {
            try FileManager.default.moveItem(at: partialURL(for: mediaID), to: mediaURL(for: mediaID))
        } catch {
            throw .storageUnavailable(
                path: directory.path, reason: "cannot store \(mediaID): \(error.localizedDescription)")
        }
    }

    /// Writes the record of `record.media.mediaID` durably.
    func save(_ record: MediaRecord) throws(MediaHostError) {
        try beforeDurableWrite()
        let url = recordURL(for: record.media.mediaID)
        do {
            try DurableFile.write(try Self.encoder.encode(record), to: url)
        } catch let error as SystemError {
            throw .storageUnavailable(path: url.path, reason: error.description)
        } catch {
            throw .storageUnavailable(path: url.path, reason: "cannot encode the record: \(error)")
        }
    }

    /// The record of `mediaID`, or `nil` when the host has none.
    ///
    /// - Throws: `.corruptRecord` when the file cannot be read as a record, or cannot be read at
    ///   all (a record that is there but unreadable is never taken for a missing one).
    func record(for mediaID: String) throws(MediaHostError) -> MediaRecord? {
        let url = recordURL(for: mediaID)
        let data: Data?
        do {
            data = try Data(contentsOfFileIfPresent: url)
        } catch {
            throw .corruptRecord(
                path: url.path, reason: "it cannot be read (\(error.localizedDescription)); check its permissions")
        }
        guard let data else { return nil }
        do {
            return try Self.decoder.decode(MediaRecord.self, from: data)
        } catch {
            throw .corruptRecord(path: url.path, reason: String(describing: error))
        }
    }

    /// Removes the record, the bytes and any partial file of `mediaID`, the record first (so an
    /// interrupted removal leaves bytes that the next start-up clears, never a record without
    /// bytes); missing files are not an error.
    ///
    /// - Throws: `.storageUnavailable` when an existing file cannot be removed.
    func removeFiles(for mediaID: String) throws(MediaHostError) {
        try beforeDurableWrite()
        for url in [recordURL(for: mediaID), partialURL(for: mediaID), mediaURL(for: mediaID)]
        where FileManager.default.fileExists(atPath: url.path) {
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw .storageUnavailable(path: url.path, reason: "cannot remove it: \(error.localizedDescription)")
            }
        }
    }

    private func url(for mediaID: String, extension fileExtension: String) -> URL {
        directory.appendingPathComponent(mediaID, isDirectory: false).appendingPathExtension(fileExtension)
    }

    private static let encoder = JSONCoding.encoder(prettyPrinted: true)
    private static let decoder = JSONCoding.decoder()
}
