import Foundation

/// Carries a use case's stage reports to the main actor with at most one hop waiting at a time.
///
/// An upload reports progress once per chunk, far more often than a view redraws. One main-actor
/// job per report would queue thousands of redraws ahead of everything else the main actor has
/// to do, such as cancelling the upload when the user presses Ctrl-C or leaves the screen. Here a
/// report that arrives while a hop is waiting replaces the one that hop will deliver: the latest
/// stage is the one worth showing, and stages only move forward.
///
/// `@unchecked Sendable` is safe: `pending` and `hopIsWaiting` are only read and written under
/// `lock`, and `deliver` runs on the main actor.
final class StageMailbox<Stage: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: Stage?
    private var hopIsWaiting = false
    private let deliver: @MainActor (Stage) -> Void

    /// A mailbox that hands stages to `deliver` on the main actor.
    init(deliver: @escaping @MainActor (Stage) -> Void) {
        self.deliver = deliver
    }

    /// Leaves `stage` for the main actor, replacing one not yet delivered; from any context.
    func post(_ stage: Stage) {
        let needsHop = lock.withLock {
            pending = stage
            defer { hopIsWaiting = true }
            return !hopIsWaiting
        }
        if needsHop { Task { @MainActor in self.flush() } }
    }

    @MainActor private func flush() {
        let stage = lock.withLock {
            defer {
                pending = nil
                hopIsWaiting = false
            }
            return pending
        }
        if let stage { deliver(stage) }
    }
}
