/// A fixed number of places that tasks take and give back, waiting in order when none is free:
/// bounds how many of something expensive (a child process and its descriptors) exist at once.
///
/// Waiting is an event (the place given back), never a poll. A `Slot` gives its place back when
/// released explicitly or when it is deinitialised, so a test that throws never keeps one.
public actor Slots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// How many places there are.
    public nonisolated let count: Int

    /// Creates `count` free places.
    public init(_ count: Int) {
        precondition(count > 0, "Slots needs at least one place")
        free = count
        self.count = count
    }

    /// Takes a place, waiting until one is free.
    public func take() async -> Slot {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        return Slot(self)
    }

    /// Hands the place to the longest waiter, or frees it.
    fileprivate func giveBack() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// One place taken from `Slots`; given back once, by `release()` or at deinit.
public final class Slot: Sendable {
    private let slots: Slots
    private let released = Locked(false)

    fileprivate init(_ slots: Slots) {
        self.slots = slots
    }

    deinit {
        release()
    }

    /// Gives the place back (only the first call counts).
    public func release() {
        let first = released.withLock { wasReleased in
            defer { wasReleased = true }
            return !wasReleased
        }
        guard first else { return }
        Task { [slots] in await slots.giveBack() }
    }
}
