import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory `flock(2)` lock held on an open file for as long as this value lives.
///
/// `flock` locks belong to the open file, so they work between processes and between two opens in
/// one process, follow the file across a rename, and are released by the kernel when the process
/// dies: a lock file left by a killed process is not locked. (Classic `fcntl` locks are released by
/// any `close()` of the file in the process, so they are not used.)
///
/// Thread safety: immutable after init; `deinit` unlocks and closes. `@unchecked Sendable` is safe:
/// the descriptor is only read (for `write` calls by the owner) and closed once, in `deinit`.
public final class FileLock: @unchecked Sendable {
    /// The locked file.
    public let path: String
    /// The open descriptor the lock is held on; valid until this value is released.
    public let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Creates a new file at `path` (it must not exist) with `mode`, open for writing, and locks it
    /// exclusively before anyone else can: a sweeper that finds the file locked leaves it alone.
    ///
    /// - Throws: `SystemError` (`EEXIST` when the file exists).
    public static func createExclusive(at path: String, mode: mode_t = 0o600) throws(SystemError) -> FileLock {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw SystemError("create", path: path) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let error = SystemError("lock", path: path)
            close(descriptor)
            throw error
        }
        return FileLock(path: path, descriptor: descriptor)
    }

    /// Locks the file at `path` exclusively without waiting, creating it (with `mode`) when missing:
    /// for a sidecar lock file that guards a store.
    ///
    /// - Returns: the lock, or `nil` when another open file (another process) holds it.
    /// - Throws: `SystemError` when the file cannot be opened.
    public static func tryLock(_ path: String, mode: mode_t = 0o600) throws(SystemError) -> FileLock? {
        let descriptor = try openLockFile(path, mode: mode)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { return nil }
            throw SystemError("lock", path: path, code: code)
        }
        return FileLock(path: path, descriptor: descriptor)
    }

    /// Locks the file at `path` exclusively, creating it (with `mode`) when missing, and blocks the
    /// calling thread while another open file (in this process or another) holds it.
    ///
    /// For a lock every holder keeps only as long as a write of a small file: the wait is bounded
    /// by that write, like the I/O the lock guards. Where a holder may keep it longer (across a
    /// network call), wait with `lockWhenFree` instead, which holds no thread of Swift's pool.
    /// - Throws: `SystemError` when the file cannot be opened or locked.
    public static func lock(_ path: String, mode: mode_t = 0o600) throws(SystemError) -> FileLock {
        let descriptor = try openLockFile(path, mode: mode)
        var status = flock(descriptor, LOCK_EX)
        while status != 0 && errno == EINTR { status = flock(descriptor, LOCK_EX) }
        guard status == 0 else {
            let error = SystemError("lock", path: path)
            close(descriptor)
            throw error
        }
        return FileLock(path: path, descriptor: descriptor)
    }

    /// Locks the file at `path` exclusively, creating it (with `mode`) when missing; while another
    /// open file holds it, waits on a thread of its own (no thread of Swift's pool is held) until
    /// the holder releases it or its process ends, `limit` passes on `clock`, or the waiting task
    /// is cancelled. `whileWaiting` is called once the wait is on.
    ///
    /// - Returns: the lock, or `nil` when `limit` passed or the task was cancelled first. The
    ///   waits of this process on one file share one thread blocked in `flock`: a wait that ended
    ///   without the lock leaves at most that thread, which hands the lock to the next wait still
    ///   on, or releases it, when the holder lets go.
    /// - Throws: `SystemError` when the file cannot be opened or locked.
    public static func lockWhenFree(
        _ path: String, mode: mode_t = 0o600, within limit: Duration, on clock: any Clock<Duration>,
        whileWaiting: @Sendable () -> Void = {}
    ) async throws(SystemError) -> FileLock? {
        if let lock = try tryLock(path, mode: mode) { return lock }
        let wait = FirstOutcome<Result<FileLock, SystemError>?>()
        let timer = Task {
            try? await clock.sleep(for: limit)
            wait.end(with: nil)
        }
        defer { timer.cancel() }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard wait.start(continuation) else { return }
                LockWaiters.shared.add(wait, for: path, mode: mode)
                whileWaiting()
            }
        } onCancel: {
            wait.end(with: nil)
        }
        return try outcome?.get()
    }

    /// Opens the lock file at `path` for reading and writing, creating it with `mode` when missing;
    /// a symbolic link there is refused.
    private static func openLockFile(_ path: String, mode: mode_t) throws(SystemError) -> Int32 {
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw SystemError("open", path: path) }
        return descriptor
    }

    /// Removes the regular file at `path` when no one holds a lock on it: how start-up clears what
    /// a killed writer left, without touching a file a live writer (in any process) still holds.
    ///
    /// Symbolic links and anything that is not a regular file are never removed, nor is the file
    /// when `isStillNeeded`, asked once the lock is taken, says it is wanted after all.
    /// - Returns: whether the file was removed.
    @discardableResult
    public static func removeIfUnlocked(_ path: String, unless isStillNeeded: () -> Bool = { false }) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        // Still the same file at the path? (A writer may have renamed it into place meanwhile.)
        var current = stat()
        guard lstat(path, &current) == 0, current.st_ino == info.st_ino, current.st_dev == info.st_dev else {
            return false
        }
        // Asked again under the lock: what made the file look abandoned may have changed before it.
        guard !isStillNeeded() else { return false }
        return unlink(path) == 0
    }
}

/// The first of several outcomes a wait can end with (the awaited event, a time limit, a cancel):
/// the waiting task is resumed with it once; later ones are dropped (a lock among them is released).
///
/// `@unchecked Sendable` is safe: its state is only reached through `state`'s lock.
private final class FirstOutcome<Value: Sendable>: @unchecked Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, Never>?
        /// The outcome that came before the wait started.
        var early: Value?
        var isOver = false
    }

    private let state = LockedState(State())

    /// Waits on `continuation`; when an outcome came first, resumes it with that at once.
    ///
    /// - Returns: whether the wait goes on.
    func start(_ continuation: CheckedContinuation<Value, Never>) -> Bool {
        let early = state.withLock { state -> Value? in
            if state.isOver { return state.early }
            state.continuation = continuation
            return nil
        }
        guard let early else { return true }
        continuation.resume(returning: early)
        return false
    }

    /// Ends the wait with `value` when no outcome ended it before.
    ///
    /// - Returns: whether `value` ended it.
    @discardableResult
    func end(with value: Value) -> Bool {
        let (ended, waiting) = state.withLock { state -> (Bool, CheckedContinuation<Value, Never>?) in
            guard !state.isOver else { return (false, nil) }
            state.isOver = true
            defer { state.continuation = nil }
            if state.continuation == nil { state.early = value }
            return (true, state.continuation)
        }
        waiting?.resume(returning: value)
        return ended
    }
}

/// The waits of this process for lock files another open file holds, and one thread per file
/// blocked in `flock` for them: each lock it gets goes to the longest wait still on; once none is
/// left, it releases the lock and ends. A wait that ended (its limit passed, its task cancelled)
/// thus leaves no thread of its own behind, and the waits on one file never hold more than one.
///
/// `@unchecked Sendable` is safe: its state is only reached through `waits`' lock.
private final class LockWaiters: @unchecked Sendable {
    typealias Wait = FirstOutcome<Result<FileLock, SystemError>?>

    static let shared = LockWaiters()

    /// The waits on each file that has a thread blocked for it, longest first.
    private let waits = LockedState<[String: [Wait]]>([:])

    /// Adds `wait` for the lock file at `path`, starting its thread when it has none.
    func add(_ wait: Wait, for path: String, mode: mode_t) {
        let isFirst = waits.withLock { waits in
            defer { waits[path, default: []].append(wait) }
            return waits[path] == nil
        }
        guard isFirst else { return }
        let thread = Thread { [self] in
            while hand(Result { () throws(SystemError) in try FileLock.lock(path, mode: mode) }, for: path) {}
        }
        thread.stackSize = 1 << 18
        thread.start()
    }

    /// Gives `outcome` (a lock, or why there is none) to the longest wait on `path` still on; a
    /// lock no wait takes is released.
    ///
    /// - Returns: `true` when a wait took a lock and others remain (the thread locks again),
    ///   `false` when the thread is done (no wait left, or the file cannot be locked: every wait
    ///   gets that failure).
    private func hand(_ outcome: Result<FileLock, SystemError>, for path: String) -> Bool {
        waits.withLock { waits in
            var pending = waits[path] ?? []
            switch outcome {
            case .failure:
                for wait in pending { wait.end(with: outcome) }
                pending = []
            case .success:
                while let wait = pending.first {
                    pending.removeFirst()
                    if wait.end(with: outcome) { break }
                }
            }
            waits[path] = pending.isEmpty ? nil : pending
            return !pending.isEmpty
        }
    }
}
