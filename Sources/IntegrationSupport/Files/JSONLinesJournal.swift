import Foundation
import Services

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An append-only file of records, one JSON value per line: each change is one line, written and
/// `fsync`ed before the change counts as made, and the whole file is replayed on open.
///
/// - **Crash-safe.** A process killed mid-append leaves at most one partial last line (no newline):
///   `open()` drops it, since the change it was writing was never acknowledged. A complete line that
///   is not a record is damage, not a crash: `open()` refuses the file, names the line and changes
///   nothing.
/// - **Bounded.** `compact(to:)` replaces the file with just the records that still matter
///   (written to a temporary file, synced and renamed over it with `DurableFile`), so the journal
///   grows with the live state, not with the history.
/// - **One writer.** `open()` takes a `flock` on `<file>.lock` for as long as the journal lives,
///   unless its owner holds a lock of its own that covers the journal (`locksItself: false`).
/// - **All or nothing.** An append that fails (a full disk) is cut back off the file, so the next
///   one starts on a line of its own.
///
/// Not `Sendable`: one actor owns it and makes every call.
public final class JSONLinesJournal<Record: Codable & Sendable> {
    /// The journal's file.
    public let url: URL
    /// How many bytes the file holds: every complete record appended so far.
    public private(set) var byteCount = 0
    private let locksItself: Bool
    private var appender: Int32 = -1
    private var lock: FileLock?
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    /// A closed journal for `url`; `open()` reads it, and locks it when `locksItself`.
    public init(url: URL, locksItself: Bool = true) {
        self.url = url
        self.locksItself = locksItself
        encoder = JSONCoding.encoder()
        decoder = JSONCoding.decoder()
    }

    deinit {
        if appender >= 0 { close(appender) }
    }

    /// Locks the journal and returns its records in the order they were appended (none for a file
    /// that does not exist yet; its directory is created). A partial last line is dropped.
    ///
    /// - Throws: `.unavailable` when another process holds the journal or it cannot be read or
    ///   created; `.corruptData` naming the line when a complete line is not a record (the file is
    ///   left as it is).
    public func open() throws(ServiceError) -> [Record] {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unavailable(
                reason: "cannot create \(directory.path) (\(error.localizedDescription)); check that its parent "
                    + "is writable",
                retryAfter: nil)
        }
        let held = locksItself ? try takeLock() : nil
        let (records, complete, total) = try read()
        let creates = access(url.path, F_OK) != 0
        let descriptor = systemOpen(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw .unavailable(
                reason: "cannot open \(url.path) for writing (\(SystemError("open", path: url.path)))", retryAfter: nil)
        }
        if creates {
            // A new file's name survives power loss only once its directory is synced; records
            // synced into a file the directory may forget would be lost with it.
            do throws(SystemError) {
                try DurableFile.syncDirectory(directory.path)
            } catch {
                close(descriptor)
                throw .unavailable(
                    reason: "created \(url.path), but cannot sync its directory (\(error)); check the disk",
                    retryAfter: nil)
            }
        }
        // The partial line of a write that was never acknowledged goes, so the next record starts a line.
        if complete < total { _ = ftruncate(descriptor, off_t(complete)) }
        appender = descriptor
        lock = held
        byteCount = complete
        return records
    }

    /// The records of the file's complete lines, as it is on disk now, without opening it for
    /// writing: what a store that must undo a failed write reads back.
    ///
    /// - Throws: as `open()` does for a line that is not a record, or a file that cannot be read.
    public func records() throws(ServiceError) -> [Record] {
        try read().records
    }

    /// The records of the complete lines, how many bytes those lines take, and the file's size.
    private func read() throws(ServiceError) -> (records: [Record], complete: Int, total: Int) {
        let data = try Data.readIfPresent(url) ?? Data()
        var records: [Record] = []
        var complete = 0
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
            lineNumber += 1
            complete += line.count + 1
            do {
                records.append(try decoder.decode(Record.self, from: Data(line)))
            } catch {
                throw .corruptData(
                    location: "\(url.path) at line \(lineNumber)",
                    reason: "it is not a record (\(error)); the file was left unchanged: restore it from a backup, "
                        + "or move it aside to start empty")
            }
        }
        return (records, complete, data.count)
    }

    private func takeLock() throws(ServiceError) -> FileLock {
        let lockPath = url.path + ".lock"
        let held: FileLock?
        do {
            held = try FileLock.tryLock(lockPath)
        } catch {
            throw .unavailable(reason: "cannot lock \(lockPath) (\(error)); \(error.writeRemedy)", retryAfter: nil)
        }
        guard let held else {
            throw .unavailable(
                reason: "\(url.path) is in use by another process, which holds \(lockPath); stop that process, or "
                    + "give this one another data directory",
                retryAfter: nil)
        }
        return held
    }

    /// Appends `records`, one line each, and returns once they are on disk.
    ///
    /// - Parameters:
    ///   - syncing: `fsync` before returning (the default); without it the lines are in the
    ///     operating system's hands when it returns, which a killed process cannot lose but a power
    ///     cut can (call `sync()` later, as SQLite's `synchronous = NORMAL` does at checkpoints).
    ///   - failure: the error a failed write or sync becomes (by default one that names the file and
    ///     the remedy its cause calls for, `writeFailure`).
    /// - Throws: `failure` of the system error when writing or syncing fails (a full disk); none of
    ///   them counts then.
    public func append(
        _ records: [Record], syncing: Bool = true,
        failure describe: (SystemError) -> ServiceError = JSONLinesJournal.writeFailure
    ) throws(ServiceError) {
        guard appender >= 0 else { throw .unavailable(reason: "\(url.path) is not open", retryAfter: nil) }
        let bytes = try lines(records)
        let failure: SystemError? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(appender, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return SystemError("write", path: url.path)
                }
                offset += written
            }
            return !syncing || fsync(appender) == 0 ? nil : SystemError("fsync", path: url.path)
        }
        if let failure {
            // What was written of these records goes again: none of them counts, and the next
            // append must start a line of its own.
            _ = ftruncate(appender, off_t(byteCount))
            throw describe(failure)
        }
        byteCount += bytes.count
    }

    /// The default error of a failed append: it names the file, the system's error and the
    /// remedy that fits it (`SystemError.writeRemedy`).
    public static func writeFailure(_ error: SystemError) -> ServiceError {
        .unavailable(reason: "cannot write \(error.path) (\(error)); \(error.writeRemedy)", retryAfter: nil)
    }

    /// Makes every line appended so far durable (`fsync`).
    ///
    /// - Throws: `failure` of the system error when the sync fails.
    public func sync(failure describe: (SystemError) -> ServiceError = JSONLinesJournal.writeFailure)
        throws(ServiceError)
    {
        guard appender >= 0, fsync(appender) == 0 else { throw describe(SystemError("fsync", path: url.path)) }
    }

    /// Empties the journal, durably: what it held is kept elsewhere now (a snapshot was written).
    ///
    /// - Throws: `.unavailable` when it cannot be emptied (it then holds what it held), or when
    ///   it was emptied but that could not be synced.
    public func removeAll() throws(ServiceError) {
        guard appender >= 0 else { throw .unavailable(reason: "\(url.path) is not open", retryAfter: nil) }
        guard ftruncate(appender, 0) == 0 else {
            throw .unavailable(
                reason: "cannot empty \(url.path) (\(SystemError("ftruncate", path: url.path)))", retryAfter: nil)
        }
        // Emptied: counted so at once, or a failed append would cut the file back to the old
        // length, which extends it with zero bytes that no open can read.
        byteCount = 0
        guard fsync(appender) == 0 else {
            throw .unavailable(
                reason: "emptied \(url.path), but cannot sync it (\(SystemError("fsync", path: url.path)))",
                retryAfter: nil)
        }
    }

    /// `records` encoded one per line, each line ending in a newline.
    private func lines(_ records: [Record]) throws(ServiceError) -> Data {
        var bytes = Data()
        for record in records {
            do {
                bytes.append(try encoder.encode(record))
            } catch {
                throw .unavailable(reason: "a record for \(url.path) cannot be encoded (\(error))", retryAfter: nil)
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// Replaces the journal with `records` (the live state), atomically: a reader, or the file
    /// after a crash, sees the old journal or the new one. Appends go on in the new file, through
    /// the descriptor it was written with, so none can land in the old one once it is replaced.
    ///
    /// - Throws: `.unavailable` when the new file cannot be written; the old one stays then. Also
    ///   when the new file is in place but its directory could not be synced: it is used, and the
    ///   error says that a power cut may bring back the old journal.
    public func compact(to records: [Record]) throws(ServiceError) {
        let bytes = try lines(records)
        let replaced: DurableFile.Replaced
        do throws(SystemError) {
            replaced = try DurableFile.writeForAppending(bytes, to: url)
        } catch {
            throw .unavailable(
                reason: "cannot compact \(url.path) (\(error)); the journal is unchanged", retryAfter: nil)
        }
        if appender >= 0 { close(appender) }
        appender = replaced.descriptor
        byteCount = bytes.count
        if let failure = replaced.directorySyncFailure {
            throw .unavailable(
                reason: "compacted \(url.path), but \(failure): a power cut may bring back the journal as it was "
                    + "before, without what is appended from now on; check the disk",
                retryAfter: nil)
        }
    }
}

/// `open(2)`, named apart from `JSONLinesJournal.open()`.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
