import Foundation
import IntegrationSupport
import Services

/// One open JSON file store: the lock that makes this process its only writer, the models in
/// memory and the group commit that saves them.
///
/// `open()` takes the lock, clears stale temporary files of its own naming, loads (and migrates)
/// the file; `change(_:)` applies a change and returns once a save holding it is durable;
/// `close()` flushes, then releases the lock. Reads go straight to `store`.
actor StoreSession {
    /// The models in memory: what the services read and change.
    let store: ModelStore
    private let configuration: JSONFileStoreIntegration.Configuration
    private var lock: FileLock?
    private var commit: GroupCommit?

    init(store: ModelStore, configuration: JSONFileStoreIntegration.Configuration) {
        self.store = store
        self.configuration = configuration
    }

    /// How many saves have been written since `open()`: the group commit's batching made visible.
    var saveCount: Int {
        get async { await commit?.saveCount ?? 0 }
    }

    /// Takes the lock and loads the file (none yet is an empty store).
    ///
    /// - Throws: `.unavailable` naming the lock file when another process holds the store, or
    ///   when the directory cannot be created or locked; `.corruptData` naming the file and where
    ///   when it cannot be read as a store (the file is left as it is).
    func open() async throws(ServiceError) {
        guard commit == nil else { return }
        let directory = configuration.directory
        try StoreFile.checkReplaceable(configuration.file)
        let lock = try Self.lock(configuration)
        DurableFile.removeAbandonedTemporaryFiles(in: directory)
        let files = StoreFiles(configuration: configuration)
        do throws(ServiceError) {
            try await store.restore(try files.load())
        } catch {
            throw Self.withRecovery(error, configuration)
        }
        // The tables remember the restore as a change; what the files hold needs no save.
        _ = await store.takeChanges()
        self.lock = lock
        commit = GroupCommit(store: store, files: files, revision: await store.revision)
    }

    /// Applies `body` to the models and returns once a save holding it is durable.
    ///
    /// - Throws: what `body` throws (nothing was changed then); the save's error (the change was
    ///   rolled back); `.unavailable` when the store is not open.
    func change<Value: Sendable>(
        _ body: @Sendable (isolated ModelStore) throws(ServiceError) -> Value
    ) async throws(ServiceError) -> Value {
        guard let commit else { throw Self.notOpen }
        let (value, revision) = try await store.change(body)
        try await commit.durable(revision)
        return value
    }

    /// Runs `body` on the models without changing them.
    ///
    /// - Throws: what `body` throws; `.unavailable` when the store is not open.
    func read<Value: Sendable>(
        _ body: @Sendable (isolated ModelStore) throws(ServiceError) -> Value
    ) async throws(ServiceError) -> Value {
        guard commit != nil else { throw Self.notOpen }
        return try await store.change(body).value
    }

    /// Saves whatever is not saved yet and returns when it is durable.
    func flush() async throws(ServiceError) {
        try await commit?.flush()
    }

    /// Writes everything into `store.json` and empties the journal.
    ///
    /// - Throws: the snapshot's error; `.unavailable` when the store is not open.
    func compact() async throws(ServiceError) {
        guard let commit else { throw Self.notOpen }
        try await commit.compact()
    }

    /// Flushes, folds the journal into `store.json`, stops saving, empties the models and releases
    /// the lock: a stopped store is one file.
    func close() async {
        guard let commit else { return }
        try? await commit.flush()
        try? await commit.compact()
        await commit.close()
        self.commit = nil
        await store.removeAll()
        lock = nil
    }

    /// `error` with what the user can do about it, when it is corrupt data: entries name their
    /// place in the files; rules broken across entries (a handle twice) name `store.json`.
    private static func withRecovery(_ error: ServiceError, _ configuration: JSONFileStoreIntegration.Configuration)
        -> ServiceError
    {
        guard case .corruptData(let location, let reason) = error, !reason.contains("left unchanged") else {
            return error
        }
        let journal = configuration.journalFile.path
        guard location.hasPrefix(journal) else {
            let place = location.hasPrefix(configuration.directory.path) ? location : configuration.file.path
            return .corruptData(location: place, reason: StoreFile.recovery(reason))
        }
        return .corruptData(
            location: location,
            reason: reason.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
                + ". The files were left unchanged: fix that line by hand, or move \(journal) aside to open "
                + "store.json as it was when last written (the saves since then are lost)")
    }

    private static let notOpen = ServiceError.unavailable(
        reason: "The JSON file store is not open: start its integration before using its services", retryAfter: nil)

    private static func lock(_ configuration: JSONFileStoreIntegration.Configuration) throws(ServiceError) -> FileLock {
        let directory = configuration.directory
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unavailable(
                reason: "Cannot create the JSON store's directory \(directory.path) (\(error.localizedDescription)); "
                    + "check that its parent exists and is writable",
                retryAfter: nil)
        }
        let path = configuration.lockFile.path
        let lock: FileLock?
        do {
            lock = try FileLock.tryLock(path)
        } catch {
            throw ServiceError(saving: error, file: path)
        }
        guard let lock else {
            throw .unavailable(
                reason: "The JSON store \(configuration.file.path) is in use by another process, which holds its "
                    + "lock \(path); quit that process, or give this one another data directory",
                retryAfter: nil)
        }
        return lock
    }
}
