import Models
import Services
import TestSupport

/// A `PostSyncRemote` over another integration's post service, standing in for a server in the
/// tests: a publish keeps the post's id (one the same author already holds is done, another's is
/// a conflict), a delete of a post already gone is done, and every read of the change feed is a
/// snapshot of the whole feed; a read that may wait, and would bring what the last one brought,
/// waits until the feed changes (as a long-poll does, without a timer). `failure`, while set, is
/// what every call throws instead (a 401 spares `probe()`, which needs no session); `flaps`,
/// while true, makes every other send or read fail as if the connection dropped (the first one
/// fails), so a sync never runs two of them in a row clean (a probe takes no turn);
/// `refusesAuthors` refuses the commands of the authors it holds with their error (a session the
/// server no longer accepts is one author's). A command sent again under its idempotency key gets
/// the answer the key got first and is not applied again, as the backend's keys do; `holdsNextSend`
/// and `losesNextAnswer` make a command reach it late; `failsNextWholeRead` refuses one whole
/// listing.
final class ServiceBackedRemote: PostSyncRemote {
    /// What an unreachable server gives.
    static let unreachable = ServiceError.unavailable(reason: "the test server is unreachable", retryAfter: nil)

    let posts: any PostService
    let failure = Locked<ServiceError?>(nil)
    let flaps = Locked(false)
    let refusesAuthors = Locked<[User.ID: ServiceError]>([:])
    private let calls = Locked(0)
    /// How many commands the sync tried to send, answered or not.
    let sendAttempts = Locked(0)
    /// The posts whose publish the sync tried to send, answered or not.
    let publishesTried = Locked<[Post.ID]>([])
    /// How many times the sync asked whether the server answers (`probe()`).
    let probes = Locked(0)
    /// How many commands the server applied (a copy answered from its key is not counted).
    let sent = Locked(0)
    /// The last snapshot each author's reader got.
    private let delivered = Locked<[User.ID: [Post]]>([:])
    /// How many reads came without a cursor: whole listings the reader asked for.
    let wholeReads = Locked(0)
    /// While set, the next read without a cursor counts in `wholeReads` and throws this instead.
    let failsNextWholeRead = Locked<ServiceError?>(nil)
    /// For each read that waited for a change, the posts of the snapshot delivered before it: once
    /// the last one holds a post, the reader has applied it and is parked.
    let parks = AwaitableState<[[Post.ID]]>([])
    /// While true, the next read of the change feed takes its snapshot, counts itself in
    /// `heldReads`, and answers only after `releaseHeldRead()`: a read made before something
    /// happens and delivered after it.
    let holdsNextRead = Locked(false)
    /// How many reads have been held so far.
    let heldReads = AwaitableState(0)
    private let heldReadReleased = AwaitableState(false)
    /// The answer each idempotency key got (`nil` for a delete).
    private let answers = Locked<[String: Post?]>([:])
    /// While true, the next command sent counts itself in `heldSends` and reaches the server only
    /// after `releaseHeldSend()`: a request on its way while something else happens.
    let holdsNextSend = Locked(false)
    /// How many sends have been held so far.
    let heldSends = AwaitableState(0)
    private let heldSendReleased = AwaitableState(false)
    /// While true, the next command sent is answered with a dropped connection and reaches the
    /// server only at `deliverLateCommands()`: a request still on its way when its sender gave up.
    let losesNextAnswer = Locked(false)
    private let lateCommands = Locked<[OutboxCommand]>([])

    init(posts: any PostService) {
        self.posts = posts
    }

    func send(_ command: OutboxCommand) async throws(ServiceError) -> Post? {
        sendAttempts.withLock { $0 += 1 }
        if let postID = command.publishedPostID { publishesTried.withLock { $0.append(postID) } }
        try answering()
        if let refusal = refusesAuthors.current[command.authorID] { throw refusal }
        if Self.take(losesNextAnswer) {
            lateCommands.withLock { $0.append(command) }
            throw .unavailable(reason: "the test server's connection dropped before it answered", retryAfter: nil)
        }
        if Self.take(holdsNextSend) {
            heldSends.update { $0 += 1 }
            _ = try? await heldSendReleased.wait { $0 }
        }
        return try await apply(command)
    }

    /// Answers as the backend's health check does: it needs no session, so `failure` stops it only
    /// when it is not a 401. It takes no turn in `flaps`: counted there, it would take every call
    /// that answers, and the send after it would always meet the dropped one.
    func probe() async throws(ServiceError) {
        probes.withLock { $0 += 1 }
        if let failure = failure.current, failure.kind != .unauthorized { throw failure }
    }

    /// Lets the held send reach the server.
    func releaseHeldSend() {
        heldSendReleased.update { $0 = true }
    }

    /// Applies, now, the commands whose answers were lost.
    func deliverLateCommands() async throws(ServiceError) {
        for command in lateCommands.withLock({ late in
            defer { late = [] }; return late
        }) {
            _ = try await apply(command)
        }
    }

    /// Applies `command` once per idempotency key, and answers a key seen before as it did then.
    private func apply(_ command: OutboxCommand) async throws(ServiceError) -> Post? {
        if let answer = answers.current[command.key] { return answer }
        let answer = try await firstApply(command)
        answers.withLock { $0[command.key] = answer }
        return answer
    }

    private func firstApply(_ command: OutboxCommand) async throws(ServiceError) -> Post? {
        sent.withLock { $0 += 1 }
        switch command.operation {
        case .publish(let post):
            do {
                return try await posts.publish(
                    PostDraft(
                        authorID: post.authorID, text: post.text, videoID: post.videoID, id: post.id,
                        createdAt: post.createdAt))
            } catch .conflict(let reason) {
                let held = try await posts.post(id: post.id)
                guard held.authorID == post.authorID else { throw .conflict(reason: reason) }
                return held
            }
        case .delete(let postID, let authorID):
            do {
                try await posts.delete(id: postID, by: authorID)
            } catch .notFound {}
            return nil
        }
    }

    func changes(authorID: User.ID, after cursor: String?, wait: Duration) async throws(ServiceError)
        -> PostChangeBatch
    {
        try answering()
        if cursor == nil {
            wholeReads.withLock { $0 += 1 }
            if let failure = failsNextWholeRead.withLock({ failure in
                defer { failure = nil }; return failure
            }) {
                throw failure
            }
        }
        var snapshot = try await feed(of: authorID)
        if wait > .zero, cursor != nil, snapshot == delivered.current[authorID] {
            parks.update { [snapshot] in $0.append(snapshot.map(\.id)) }
            let seen = Array(snapshot.prefix(100))
            for try await page in posts.observeFeed(authorID: authorID, pageSize: 100) where page.items != seen {
                break
            }
            try answering()
            snapshot = try await feed(of: authorID)
        }
        delivered.withLock { $0[authorID] = snapshot }
        if Self.take(holdsNextRead) {
            heldReads.update { $0 += 1 }
            _ = try? await heldReadReleased.wait { $0 }
        }
        return PostChangeBatch(changes: snapshot.map { .saved($0) }, cursor: "snapshot", isSnapshot: true)
    }

    /// Lets the held read answer, with the snapshot it took.
    func releaseHeldRead() {
        heldReadReleased.update { $0 = true }
    }

    private func feed(of authorID: User.ID) async throws(ServiceError) -> [Post] {
        var posts: [Post] = []
        var page = PageRequest.first(100)
        while true {
            let listing = try await self.posts.feed(authorID: authorID, page: page)
            posts += listing.items
            guard let next = listing.nextCursor else { return posts }
            page = PageRequest(size: 100, cursor: next)
        }
    }

    /// Whether `flag` was set, clearing it.
    private static func take(_ flag: Locked<Bool>) -> Bool {
        flag.withLock { flag in
            defer { flag = false }
            return flag
        }
    }

    private func answering() throws(ServiceError) {
        if let failure = failure.current { throw failure }
        let call = calls.withLock { calls in
            calls += 1
            return calls
        }
        if flaps.current, !call.isMultiple(of: 2) {
            throw .unavailable(reason: "the test server's connection dropped", retryAfter: nil)
        }
    }
}
