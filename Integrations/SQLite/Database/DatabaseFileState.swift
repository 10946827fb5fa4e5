#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the file system says about a database path and its write-ahead log, looked up with
/// `stat(2)` only.
///
/// The file is never `open(2)`ed here except to create it: closing a descriptor of a file SQLite
/// has open in the same process would drop SQLite's POSIX locks on it.
struct DatabaseFileState: Sendable {
    /// What stands at the database path.
    enum Kind: Sendable, Equatable {
        /// Nothing: the database will be created.
        case missing
        /// A regular file (an empty one SQLite may initialise).
        case file
        /// Something that is not a regular file (a directory, a socket, ...), named in words.
        case notAFile(String)
    }

    /// What stands at the database path.
    let kind: Kind
    /// The size of `<path>-wal`, or `nil` when there is none.
    let logSize: Int64?
    /// Whether `<path>-shm` exists.
    let hasSharedMemoryFile: Bool

    /// Looks at `path`, following symbolic links.
    static func inspect(_ path: String) -> DatabaseFileState {
        DatabaseFileState(
            kind: kind(of: path),
            logSize: size(of: path + "-wal"),
            hasSharedMemoryFile: size(of: path + "-shm") != nil
        )
    }

    /// Creates an empty database file readable and writable by its owner only (0600), so the
    /// database and the `-wal` and `-shm` files SQLite makes beside it (with the same mode) are
    /// private. Another process creating it first is fine.
    ///
    /// - Throws: the `errno` of a failed `open(2)`, e.g. `ENOENT` when the directory is missing.
    static func createPrivateFile(at path: String) throws(OpenFailure) {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        let code = errno
        guard code != EEXIST else { return }
        throw .cannotCreate(systemErrno: code)
    }

    /// Removes the `-wal` and `-shm` files that this state (inspected after the look) has and
    /// `before` did not, when the log is still empty: what a look at a refused file left beside it.
    func removeSideFilesAdded(at path: String, comparedWith before: DatabaseFileState) {
        if before.logSize == nil, logSize == 0 { unlink(path + "-wal") }
        if !before.hasSharedMemoryFile, hasSharedMemoryFile, before.logSize == nil { unlink(path + "-shm") }
    }

    /// The `errno` that says why the directory holding `path` cannot be written (`EROFS`, `EACCES`),
    /// or `nil` when it can: what explains SQLite failing to create a `-wal` or `-shm` beside an
    /// existing database.
    static func directoryWriteError(for path: String) -> Int32? {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        return access(directory.isEmpty ? "/" : directory, W_OK) == 0 ? nil : errno
    }

    private static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .notAFile("a directory")
        default: return .notAFile("not a regular file")
        }
    }

    private static func size(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }
}
