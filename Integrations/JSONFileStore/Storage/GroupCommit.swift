import Foundation
import IntegrationSupport
import Services

/// Makes the store's changes durable in batches: every change waits for a save that contains it,
/// and all the changes made while one save is written go into the next one.
///
/// A change is applied to the `ModelStore` first, which returns its revision (`ModelStore.change`);
/// `durable(_:)` then returns once a save of that revision or a later one has reached the disk. So
/// 1,000 concurrent publishes cost a handful of file writes, and each returns only when durable.
///
/// When a save fails (a full disk), the store is rolled back to the last saved state and every
/// change not yet durable fails with the error: nothing is reported saved that is not in the file,
/// and nothing the file lacks stays visible. The next change tries again.
actor GroupCommit {
    private let store: ModelStore
    private let save: @Sendable (ModelStore.Snapshot) throws(ServiceError) -> Void
    private var durableRevision: Int
    private var lastSaved: ModelStore.Snapshot
    /// Revisions in `(after, upTo]` were rolled back by a failed save, with its error.
    private var rolledBack: [(after: Int, upTo: Int, error: ServiceError)] = []
    private var waiters: [(revision: Int, continuation: CheckedContinuation<Result<Void, ServiceError>, Never>)] = []
    private var isSaving = false
    private var isClosed = false
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Saves `store` with `save`; `saved` (at `revision`) is what the file holds now.
    init(
        store: ModelStore, saved: ModelStore.Snapshot, revision: Int,
        save: @escaping @Sendable (ModelStore.Snapshot) throws(ServiceError) -> Void
    ) {
        self.store = store
        self.save = save
        lastSaved = saved
        durableRevision = revision
    }

    /// How many saves have been written: for the group-commit test and benchmark.
    private(set) var saveCount = 0

    /// Returns once the store's state at `revision` (or later) is durable in the file.
    ///
    /// - Throws: the save's error when the save that should have held it failed; the change was
    ///   rolled back then.
    func durable(_ revision: Int) async throws(ServiceError) {
        if let failure = failure(for: revision) { throw failure }
        if isClosed, revision > durableRevision { throw Self.closedError }
        guard revision > durableRevision else { return }
        let result = await withCheckedContinuation { continuation in
            waiters.append((revision, continuation))
            if !isSaving {
                isSaving = true
                Task { await saveUntilCaughtUp() }
            }
        }
        try result.get()
    }

    /// Saves whatever is not durable yet and returns when it is (or the save failed).
    func flush() async throws(ServiceError) {
        try await durable(await store.revision)
    }

    /// Saves nothing more: changes not yet saved fail. Returns once no save is being written, so
    /// the caller may release the lock. Call after `flush()`.
    func close() async {
        isClosed = true
        resume { $0 <= self.durableRevision ? .success(()) : .failure(Self.closedError) }
        if isSaving { await withCheckedContinuation { idleWaiters.append($0) } }
    }

    private static let closedError = ServiceError.unavailable(
        reason: "The JSON file store was stopped before this change was saved; start it again and repeat the change",
        retryAfter: nil)

    private func failure(for revision: Int) -> ServiceError? {
        rolledBack.first { revision > $0.after && revision <= $0.upTo }?.error
    }

    private func saveUntilCaughtUp() async {
        while !isClosed, let highest = waiters.map(\.revision).max(), highest > durableRevision {
            let (snapshot, revision) = await store.snapshotWithRevision()
            let save = save
            let outcome = await Task.detached { () -> Result<Void, ServiceError> in
                do throws(ServiceError) {
                    try save(snapshot)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }.value
            saveCount += 1
            switch outcome {
            case .success:
                durableRevision = max(durableRevision, revision)
                lastSaved = snapshot
                resume { $0 <= self.durableRevision ? .success(()) : nil }
            case .failure(let error):
                let upTo = await store.rollBack(to: lastSaved)
                rolledBack.append((after: durableRevision, upTo: upTo, error: error))
                // The rollback is itself a revision the file holds (the last saved state).
                durableRevision = upTo
                resume { [self] revision in failure(for: revision).map { .failure($0) } }
            }
        }
        isSaving = false
        if isClosed { resume { $0 <= self.durableRevision ? .success(()) : .failure(Self.closedError) } }
        for waiter in idleWaiters { waiter.resume() }
        idleWaiters.removeAll()
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
