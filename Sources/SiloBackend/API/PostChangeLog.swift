import Foundation
import Models

/// The change feed of each author's posts: which posts changed, in order, so a client holding a
/// cursor reads only what changed since (`GET /v1/users/{user_id}/posts/changes`), and can wait
/// for the next change instead of polling.
///
/// Kept in memory and bounded: a cursor from before a restart, or older than the entries kept,
/// is forgotten, and the client starts over from the feed (the answer says `reset`).
actor PostChangeLog {
    /// One change: the post's id and the author whose feed it is in.
    private struct Entry {
        var sequence: Int
        var authorID: User.ID
        var postID: Post.ID
    }

    /// What a read found.
    enum Read: Sendable {
        /// The posts that changed after the cursor (each once, oldest change first) and the cursor now.
        case changed([Post.ID], cursor: String)
        /// The cursor is not one this log can continue from; start over from `cursor`.
        case forgotten(cursor: String)
        /// Nothing changed, and as many reads as the log lets wait are waiting: ask again shortly.
        case busy
    }

    /// How many changes are kept.
    let capacity: Int
    /// How many reads may wait for a change at once; each holds one of the server's connections.
    let longPolls: Int
    private var entries: [Entry] = []
    private var head = 0
    private var sequence = 0
    private var waiters: [User.ID: [UUID: CheckedContinuation<Void, Never>]] = [:]
    private var waitingWatchers = CountWaiters()
    /// What a long-poll's wait is measured on: the server's clock, which a test moves by hand.
    private let clock: ServerClock

    /// A log keeping the last `capacity` changes, timing long-polls on `clock`, and letting at
    /// most `longPolls` reads wait at once.
    init(clock: ServerClock, capacity: Int = 100_000, longPolls: Int = 256) {
        self.clock = clock
        self.capacity = capacity
        self.longPolls = longPolls
    }

    /// How many reads are waiting for a change now.
    var waitingReads: Int { waiters.values.reduce(0) { $0 + $1.count } }

    /// Returns once at least `count` reads are waiting for a change: for the test controls, so a
    /// test publishes only once its long-poll is held, never racing it.
    func waitForWaitingReads(_ count: Int) async {
        await waitForWaitingReads(.atLeast(count))
    }

    /// Returns once the number of reads waiting for a change meets `goal`: for the test controls.
    func waitForWaitingReads(_ goal: CountWaiters.Goal) async {
        guard !goal.isMet(by: waitingReads) else { return }
        await withCheckedContinuation { waitingWatchers.add(goal, $0) }
    }

    /// Records that `postID` in `authorID`'s feed changed, and wakes that feed's waiting readers.
    func record(authorID: User.ID, postID: Post.ID) {
        sequence += 1
        entries.append(Entry(sequence: sequence, authorID: authorID, postID: postID))
        if entries.count - head > capacity { head += 1 }
        if head > 4_096, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
        for waiter in (waiters.removeValue(forKey: authorID) ?? [:]).values { waiter.resume() }
        waitingWatchers.resume(reached: waitingReads)
    }

    /// The posts of `authorID` that changed after `cursor`; with none yet, waits up to `wait` for
    /// one, or is `busy` when `longPolls` reads are waiting already.
    func read(authorID: User.ID, after cursor: String?, wait: Duration) async -> Read {
        var read = changes(authorID: authorID, after: cursor)
        if case .changed(let ids, _) = read, ids.isEmpty, wait > .zero {
            // Counted and joined in one actor step: two reads never both take the last place.
            guard waitingReads < longPolls else { return .busy }
            await waitForChange(of: authorID, upTo: wait)
            read = changes(authorID: authorID, after: cursor)
        }
        return read
    }

    private func changes(authorID: User.ID, after cursor: String?) -> Read {
        let now = "\(BackendStart.id).\(sequence)"
        guard let cursor, let from = position(of: cursor) else { return .forgotten(cursor: now) }
        // Changes after `from` are all still kept when the oldest kept one is at most `from + 1`.
        let oldestKept = head < entries.count ? entries[head].sequence : sequence + 1
        guard from + 1 >= oldestKept else { return .forgotten(cursor: now) }
        var seen = Set<Post.ID>()
        var ids: [Post.ID] = []
        // Newest first, stopping at the cursor: a read costs the changes since it, not the log.
        for entry in entries[head...].reversed() {
            guard entry.sequence > from else { break }
            if entry.authorID == authorID, seen.insert(entry.postID).inserted { ids.append(entry.postID) }
        }
        return .changed(ids.reversed(), cursor: now)
    }

    /// The sequence number a cursor of this boot names, or `nil` for a cursor of another.
    private func position(of cursor: String) -> Int? {
        let parts = cursor.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == BackendStart.id, let value = Int(parts[1]), (0...sequence).contains(value)
        else {
            return nil
        }
        return value
    }

    private func waitForChange(of authorID: User.ID, upTo wait: Duration) async {
        let id = UUID()
        let timer = Task { [weak self, clock] in
            await clock.sleep(for: wait)
            guard !Task.isCancelled else { return }
            await self?.wake(authorID, id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiters[authorID, default: [:]][id] = continuation
                waitingWatchers.resume(reached: waitingReads)
            }
        } onCancel: {
            Task { await self.wake(authorID, id) }
        }
        timer.cancel()
    }

    private func wake(_ authorID: User.ID, _ id: UUID) {
        waiters[authorID]?.removeValue(forKey: id)?.resume()
        if waiters[authorID]?.isEmpty == true { waiters[authorID] = nil }
        waitingWatchers.resume(reached: waitingReads)
    }
}
