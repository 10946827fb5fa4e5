import Foundation

/// Carries a use case's stage reports to the main actor with at most one hop waiting at a time.
///
/// An upload reports progress once per chunk, far more often than a view redraws. One main-actor
/// job per report would queue thousands of redraws ahead of everything else the main actor has
/// to do, such as cancelling the upload when the user presses Ctrl-C or leaves the screen. Here a
/// report posted as `replaceable` (progress) replaces a replaceable one still waiting, since only
/// the latest is worth showing; any other report is kept, and the hop delivers what waits in order,
/// so the last progress before "processing" is still shown.
///
/// `@unchecked Sendable` is safe: `pending` and `hopIsWaiting` are only read and written under
/// `lock`, and `deliver` runs on the main actor.
final class StageMailbox<Stage: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [(stage: Stage, replaceable: Bool)] = []
    private var hopIsWaiting = false
    private let deliver: @MainActor (Stage) -> Void

    /// A mailbox that hands stages to `deliver` on the main actor.
    init(deliver: @escaping @MainActor (Stage) -> Void) {
        self.deliver = deliver
    }

    /// Leaves `stage` for the main actor, from any context; a `replaceable` one replaces a
    /// replaceable one not yet delivered.
    func post(_ stage: Stage, replaceable: Bool) {
        let needsHop = lock.withLock {
            if replaceable, let last = pending.last, last.replaceable {
                pending[pending.count - 1] = (stage, replaceable)
            } else {
                pending.append((stage, replaceable))
            }
            defer { hopIsWaiting = true }
            return !hopIsWaiting
        }
        if needsHop { Task { @MainActor in self.flush() } }
    }

    @MainActor private func flush() {
        let stages = lock.withLock {
            defer {
                pending.removeAll()
                hopIsWaiting = false
            }
            return pending.map(\.stage)
        }
        for stage in stages { deliver(stage) }
    }
}
