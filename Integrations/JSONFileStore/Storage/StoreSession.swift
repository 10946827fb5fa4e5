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
        let document = try StoreFile.load(configuration.file)
        do throws(ServiceError) {
            if let document {
                try await store.restore(ModelStore.Snapshot(document, file: configuration.file.path))
            } else {
                await store.removeAll()
            }
        } catch {
            // Entries name their place in the file; rules broken across entries (a handle twice) do not.
            guard case .corruptData(let location, let reason) = error else { throw error }
            let place = location.hasPrefix(configuration.file.path) ? location : configuration.file.path
            throw .corruptData(location: place, reason: StoreFile.recovery(reason))
        }
        let (file, crashSwitch) = (configuration.file, configuration.crashSwitch)
        let (saved, revision) = await store.snapshotWithRevision()
        self.lock = lock
        commit = GroupCommit(store: store, saved: saved, revision: revision) { snapshot throws(ServiceError) in
            let data = try StoreFile.encode(StoreDocument(snapshot), file: file.path)
            try crashSwitch?.beforeDurableWrite()
            do throws(SystemError) {
                try DurableFile.write(data, to: file)
            } catch {
                throw ServiceError(saving: error, file: file.path)
            }
        }
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

    /// Flushes, stops saving, empties the models and releases the lock.
    func close() async {
        guard let commit else { return }
        try? await commit.flush()
        await commit.close()
        self.commit = nil
        await store.removeAll()
        lock = nil
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
