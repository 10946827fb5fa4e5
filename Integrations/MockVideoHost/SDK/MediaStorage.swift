import Foundation

/// The directory the host owns: one `<mediaID>.media` file per stored upload, and one
/// `<mediaID>.partial` file per upload in progress.
///
/// Uploads are written to the partial file and renamed into place only once complete, so a
/// `.media` file is always whole. A value type with no state beyond its location; safe anywhere.
struct MediaStorage: Sendable {
    static let mediaExtension = "media"
    static let partialExtension = "partial"

    /// The storage directory.
    let directory: URL

    /// Where the complete bytes of `mediaID` live.
    func mediaURL(for mediaID: String) -> URL {
        directory.appendingPathComponent(mediaID, isDirectory: false).appendingPathExtension(Self.mediaExtension)
    }

    /// Where the bytes of `mediaID` are written while it uploads.
    func partialURL(for mediaID: String) -> URL {
        directory.appendingPathComponent(mediaID, isDirectory: false).appendingPathExtension(Self.partialExtension)
    }

    /// Creates the directory when it is missing, checks that it is a writable directory, and
    /// removes partial files left by an upload that was interrupted by a crash.
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
                try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw .storageUnavailable(path: path, reason: "cannot create it: \(error.localizedDescription)")
            }
        }
        guard manager.isWritableFile(atPath: path) else {
            throw .storageUnavailable(path: path, reason: "the directory is not writable")
        }
        for name in try entryNames() where name.hasSuffix(".\(Self.partialExtension)") {
            try? manager.removeItem(at: directory.appendingPathComponent(name, isDirectory: false))
        }
    }

    /// The names of every entry in the directory, hidden ones included.
    func entryNames() throws(MediaHostError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .storageUnavailable(path: directory.path, reason: "cannot list it: \(error.localizedDescription)")
        }
    }

    /// Whether anything (complete or partial) is stored under `mediaID`.
    func holdsFiles(for mediaID: String) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: mediaURL(for: mediaID).path)
            || manager.fileExists(atPath: partialURL(for: mediaID).path)
    }

    /// Renames the finished partial file of `mediaID` into place.
    func commit(_ mediaID: String) throws(MediaHostError) {
        do {
            try FileManager.default.moveItem(at: partialURL(for: mediaID), to: mediaURL(for: mediaID))
        } catch {
            throw .storageUnavailable(
                path: directory.path, reason: "cannot store \(mediaID): \(error.localizedDescription)")
        }
    }

    /// Removes the complete and partial files of `mediaID`; missing files are not an error.
    ///
    /// - Throws: `.storageUnavailable` when an existing file cannot be removed.
    func removeFiles(for mediaID: String) throws(MediaHostError) {
        for url in [partialURL(for: mediaID), mediaURL(for: mediaID)]
        where FileManager.default.fileExists(atPath: url.path) {
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw .storageUnavailable(path: url.path, reason: "cannot remove it: \(error.localizedDescription)")
            }
        }
    }
}
