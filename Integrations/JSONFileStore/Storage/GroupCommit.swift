import Foundation
import IntegrationSupport
import Services

/// Makes the store's changes durable in batches: every change waits for a save that contains it,
/// and all the changes made while one save is written go into the next one.
///
/// A change is applied to the `ModelStore` first, which returns its revision (`ModelStore.change`);
/// `durable(_:)` then returns once a save of that revision or a later one has reached the disk. A
/// save appends what changed since the last one to the journal (`StoreFiles.append`), so it costs
/// the size of the change; it writes a whole snapshot instead when the store was replaced, when
/// the journal has outgrown the snapshot, or when `compact()` asks. So 1,000 concurrent publishes
/// cost a handful of appends, and each returns only when durable.
///
/// When a save fails (a full disk), the store is rolled back to what the files hold (read again
/// from disk) and every change not yet durable fails with the error: nothing is reported saved
/// that is not in the files, and nothing the files lack stays visible. The next change tries again.
actor GroupCommit {
    private let store: ModelStore
    private let files: StoreFiles
    private var durableRevision: Int
    /// Revisions in `(after, upTo]` were rolled back by a failed save, with its error.
    private var rolledBack: [(after: Int, upTo: Int, error: ServiceError)] = []
    private var waiters: [(revision: Int, continuation: CheckedContinuation<Result<Void, ServiceError>, Never>)] = []
    /// Callers of `compact()` waiting for the next snapshot to be written.
    private var snapshotWaiters: [CheckedContinuation<Result<Void, ServiceError>, Never>] = []
    private var isSaving = false
    private var isClosed = false
    /// What the files said after the last save (read only between saves, never during one).
    private var journalIsEmpty: Bool
    private var journalWantsSnapshot: Bool
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Saves `store` through `files`, which hold the store's state at `revision` now.
    init(store: ModelStore, files: StoreFiles, revision: Int) {
        self.store = store
        self.files = files
        durableRevision = revision
        journalIsEmpty = !files.hasJournal
        journalWantsSnapshot = files.wantsSnapshot
    }

    /// How many saves (appends and snapshots) have been written: for the group-commit test and
    /// benchmark.
    private(set) var saveCount = 0

    /// Returns once the store's state at `revision` (or later) is durable in the files.
    ///
    /// - Throws: the save's error when the save that should have held it failed; the change was
    ///   rolled back then.
    func durable(_ revision: Int) async throws(ServiceError) {
        if let failure = failure(for: revision) { throw failure }
        if isClosed, revision > durableRevision { throw Self.closedError }
        guard revision > durableRevision else { return }
        let result = await withCheckedContinuation { continuation in
            waiters.append((revision, continuation))
            startSaving()
        }
        try result.get()
    }

    /// Saves whatever is not durable yet and returns when it is (or the save failed), synced to
    /// disk also when saves do not sync each line.
    func flush() async throws(ServiceError) {
        try await durable(await store.revision)
        try await whenIdle { files throws(ServiceError) in try files.sync() }
    }

    /// Runs `body` on the files once no save is being written (so never beside one).
    private func whenIdle(_ body: @Sendable (StoreFiles) throws(ServiceError) -> Void) async throws(ServiceError) {
        while isSaving { await withCheckedContinuation { idleWaiters.append($0) } }
        try body(files)
    }

    /// Writes everything as a snapshot and empties the journal, so `store.json` alone holds the
    /// store; does nothing when the journal is empty and nothing is pending.
    ///
    /// - Throws: the snapshot's error (the files hold what they held then).
    func compact() async throws(ServiceError) {
        if isClosed { throw Self.closedError }
        let pending = await store.revision > durableRevision
        guard !journalIsEmpty || pending else { return }
        let result = await withCheckedContinuation { continuation in
            snapshotWaiters.append(continuation)
            startSaving()
        }
        try result.get()
    }

    /// Saves nothing more: changes not yet saved fail. Returns once no save is being written, so
    /// the caller may release the lock. Call after `flush()` (and `compact()`).
    func close() async {
        isClosed = true
        resume { $0 <= self.durableRevision ? .success(()) : .failure(Self.closedError) }
        for waiter in snapshotWaiters { waiter.resume(returning: .failure(Self.closedError)) }
        snapshotWaiters.removeAll()
        if isSaving { await withCheckedContinuation { idleWaiters.append($0) } }
    }

    private static let closedError = ServiceError.unavailable(
        reason: "The JSON file store was stopped before this change was saved; start it again and repeat the change",
        retryAfter: nil)

    private func failure(for revision: Int) -> ServiceError? {
        rolledBack.first { revision > $0.after && revision <= $0.upTo }?.error
    }

    private func startSaving() {
        guard !isSaving else { return }
        isSaving = true
        Task { await saveUntilCaughtUp() }
    }

    private var hasWork: Bool {
        !snapshotWaiters.isEmpty || (waiters.map(\.revision).max() ?? Int.min) > durableRevision
    }

    private func saveUntilCaughtUp() async {
        while !isClosed, hasWork {
            // Taken before the save is read (an await): a `compact()` arriving meanwhile waits for
            // the next save, never for this one, which may write no snapshot.
            let answered = snapshotWaiters
            snapshotWaiters.removeAll()
            let (changes, snapshot, revision) = await nextSave(snapshotAsked: !answered.isEmpty)
            let files = files
            let (outcome, snapshotOutcome, isEmpty, wantsNext) = await Task.detached {
                Self.save(changes, snapshot: snapshot, to: files)
            }.value
            (journalIsEmpty, journalWantsSnapshot) = (isEmpty, wantsNext)
            saveCount += 1
            for waiter in answered { waiter.resume(returning: snapshotOutcome) }
            switch outcome {
            case .success:
                durableRevision = max(durableRevision, revision)
                resume { $0 <= self.durableRevision ? .success(()) : nil }
            case .failure(let error):
                await rollBack(after: error)
            }
        }
        isSaving = false
        if isClosed { resume { $0 <= self.durableRevision ? .success(()) : .failure(Self.closedError) } }
        for waiter in idleWaiters { waiter.resume() }
        idleWaiters.removeAll()
    }

    /// The changes to save, the snapshot to write with them when one is wanted (`snapshotAsked` by
    /// a `compact()`, or the journal has outgrown `store.json`), and the revision the save makes
    /// durable.
    private func nextSave(snapshotAsked: Bool) async
        -> (changes: ModelStore.Changes, snapshot: ModelStore.Snapshot?, revision: Int)
    {
        if snapshotAsked || journalWantsSnapshot {
            let (changes, snapshot, revision) = await store.takeChangesWithSnapshot()
            return (changes, snapshot, revision)
        }
        let (changes, revision) = await store.takeChanges()
        guard changes.isFullReplace else { return (changes, nil, revision) }
        // A full replace lists no changes: a snapshot is its save. Read a little later, it holds
        // what came after it too, which the next save journals again and replays to the same.
        let (snapshot, snapshotRevision) = await store.snapshotWithRevision()
        return (changes, snapshot, snapshotRevision)
    }

    /// Writes one save: `changes` to the journal, then, when asked, `snapshot` as `store.json`.
    /// Returns the save's outcome (the changes are durable once the journal holds them), the
    /// snapshot's, whether the journal is empty and whether it wants a snapshot next.
    ///
    /// The changes go into the journal before the snapshot is written, so the snapshot holds
    /// nothing the journal lacks, and a crash before the journal is emptied replays to it exactly.
    /// A snapshot that then fails fails no change: it is tried again with the next save. A full
    /// replace (a restore, a roll-back) lists no changes, and an older-format `store.json` must be
    /// rewritten before a journal lies beside it: for those the snapshot is the save.
    private static func save(_ changes: ModelStore.Changes, snapshot: ModelStore.Snapshot?, to files: StoreFiles)
        -> (
            saved: Result<Void, ServiceError>, snapshot: Result<Void, ServiceError>, journalIsEmpty: Bool,
            wantsSnapshot: Bool
        )
    {
        // An older-format store.json goes first too: a reader of that format would not know the journal.
        let journaled = !changes.isFullReplace && !files.snapshotIsOlderFormat
        let saved: Result<Void, ServiceError>
        var snapshotOutcome: Result<Void, ServiceError> = .success(())
        do throws(ServiceError) {
            if journaled, !changes.isEmpty { try files.append(changes) }
            if let snapshot {
                do throws(ServiceError) {
                    try files.writeSnapshot(snapshot)
                } catch  where journaled {
                    snapshotOutcome = .failure(error)
                }
            }
            saved = .success(())
        } catch {
            saved = .failure(error)
            snapshotOutcome = .failure(error)
        }
        return (saved, snapshotOutcome, !files.hasJournal, files.wantsSnapshot)
    }

    /// Puts back what the files hold after a failed save, and fails every change made since.
    private func rollBack(after error: ServiceError) async {
        let upTo: Int
        do throws(ServiceError) {
            upTo = await store.rollBack(to: try files.reload())
        } catch {
            // The files cannot even be read back: stop saving, so nothing more is reported saved.
            isClosed = true
            upTo = await store.revision
        }
        rolledBack.append((after: durableRevision, upTo: upTo, error: error))
        // The rollback is itself a revision the files hold (their state).
        durableRevision = upTo
        resume { [self] revision in failure(for: revision).map { .failure($0) } }
    }

    /// Resumes the waiters `outcome` decides for (non-nil) and keeps the others.
    private func resume(_ outcome: (Int) -> Result<Void, ServiceError>?) {
        var kept: [(revision: Int, continuation: CheckedContinuation<Result<Void, ServiceError>, Never>)] = []
        for waiter in waiters {
            if let result = outcome(waiter.revision) {
                waiter.continuation.resume(returning: result)
            } else {
                kept.append(waiter)
            }
        }
        waiters = kept
    }
}
