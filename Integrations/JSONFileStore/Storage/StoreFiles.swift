import Foundation
import IntegrationSupport
import Services

/// The store's two files: `store.json`, a snapshot of everything, and `store.journal`, one JSON
/// line per save since the snapshot was written.
///
/// A save appends the changes it holds to the journal and `fsync`s it: its cost is the size of the
/// change, not of the store. When the journal outgrows the snapshot (and at stop), the snapshot is
/// written anew (`DurableFile`: temporary file, `fsync`, rename, directory `fsync`) and the journal
/// emptied. Loading reads the snapshot and replays the journal over it. A save that writes a
/// snapshot appends its own changes to the journal first (`GroupCommit`), so the snapshot holds
/// nothing the journal lacks: a crash between writing the snapshot and emptying the journal leaves
/// lines that replay over it to exactly it (each line holds whole models, not edits, and the last
/// one to touch a model holds it as the snapshot does). The first save after a roll-back, and the
/// one that rewrites an older format, cannot go through the journal: for them the known limit in
/// Docs/Integrations/JSONFileStore.md ("The journal") holds.
///
/// `@unchecked Sendable` because it is used by one task at a time: `StoreSession.open()` loads it,
/// then `GroupCommit` runs its saves one after another (the next starts only once the last
/// returned), and `StoreSession.close()` stops the group commit before letting it go.
final class StoreFiles: @unchecked Sendable {
    /// The journal never forces a snapshot below this size.
    static let minimumJournalBytes = 1 << 20

    private let snapshotFile: URL
    private let journal: JSONLinesJournal<JournalEntry>
    private let crashSwitch: CrashSwitch?
    private let syncsEverySave: Bool
    private var snapshotBytes = 0
    /// `store.json` is in an older format: a reader of that format would not know the journal,
    /// so the first save writes a snapshot in the current one.
    private(set) var snapshotIsOlderFormat = false

    init(configuration: JSONFileStoreIntegration.Configuration) {
        snapshotFile = configuration.file
        journal = JSONLinesJournal(url: configuration.journalFile, locksItself: false)
        crashSwitch = configuration.crashSwitch
        syncsEverySave = configuration.syncsEverySave
    }

    /// Whether the journal has grown past the snapshot (and past `minimumJournalBytes`): the next
    /// save should write a snapshot instead.
    var wantsSnapshot: Bool {
        snapshotIsOlderFormat || journal.byteCount > max(Self.minimumJournalBytes, snapshotBytes)
    }

    /// Whether the journal holds any line.
    var hasJournal: Bool { journal.byteCount > 0 }

    /// Reads the snapshot (none yet is an empty store), opens the journal and replays it: what the
    /// store holds. The snapshot is read first, so a file that cannot be a store is refused before
    /// anything is created beside it.
    ///
    /// - Throws: `.corruptData` naming the file (`store.json at posts[2]`, `store.journal at line 3`)
    ///   when either cannot be read as the store's; `.unavailable` when they cannot be read at all.
    func load() throws(ServiceError) -> ModelStore.Snapshot {
        let snapshot = try loadSnapshot()
        return try replay(try journal.open(), over: snapshot)
    }

    /// What the files hold now, read again from disk: what the store rolls back to after a failed
    /// save.
    ///
    /// - Throws: as `load()` does.
    func reload() throws(ServiceError) -> ModelStore.Snapshot {
        try replay(try journal.records(), over: try loadSnapshot())
    }

    /// Appends `changes` to the journal, durably.
    ///
    /// - Throws: `.unavailable` when it cannot be written (nothing of it counts then).
    func append(_ changes: ModelStore.Changes) throws(ServiceError) {
        try crashSwitch?.beforeDurableWrite()
        let path = journal.url.path
        try journal.append([JournalEntry(changes)], syncing: syncsEverySave) { ServiceError(saving: $0, file: path) }
    }

    /// Makes every appended line durable, when saves do not sync each one.
    ///
    /// - Throws: `.unavailable` when the sync fails.
    func sync() throws(ServiceError) {
        guard !syncsEverySave, hasJournal else { return }
        let path = journal.url.path
        try journal.sync { ServiceError(saving: $0, file: path) }
    }

    /// Writes `snapshot` as `store.json`, durably, then empties the journal.
    ///
    /// - Throws: `.unavailable` when it cannot be written; the files hold what they held then.
    func writeSnapshot(_ snapshot: ModelStore.Snapshot) throws(ServiceError) {
        let data = try StoreFile.encode(StoreDocument(snapshot), file: snapshotFile.path)
        try crashSwitch?.beforeDurableWrite()
        do throws(SystemError) {
            try DurableFile.write(data, to: snapshotFile)
        } catch {
            throw ServiceError(saving: error, file: snapshotFile.path)
        }
        snapshotBytes = data.count
        snapshotIsOlderFormat = false
        try crashSwitch?.beforeDurableWrite()
        try journal.removeAll()
    }

    private func loadSnapshot() throws(ServiceError) -> ModelStore.Snapshot {
        guard let loaded = try StoreFile.load(snapshotFile) else { return ModelStore.Snapshot() }
        snapshotBytes = loaded.bytes
        snapshotIsOlderFormat = loaded.writtenIn < StoreDocument.currentFormatVersion
        return try ModelStore.Snapshot(loaded.document, file: snapshotFile.path)
    }

    private func replay(_ entries: [JournalEntry], over snapshot: ModelStore.Snapshot) throws(ServiceError)
        -> ModelStore.Snapshot
    {
        guard !entries.isEmpty else { return snapshot }
        var changes: [ModelStore.Changes] = []
        changes.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            changes.append(try ModelStore.Changes(entry, location: "\(journal.url.path) at line \(index + 1)"))
        }
        return snapshot.applying(changes)
    }
}
