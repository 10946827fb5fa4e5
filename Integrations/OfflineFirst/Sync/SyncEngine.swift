import Foundation
import IntegrationSupport
import Models
import Services

/// Sends the outbox and brings the server's changes down: after every local change, on demand
/// (`syncNow()`), and in the background from `start()` (a send loop that retries every
/// `retryInterval` while the server cannot be reached, and a long-poll of the change feed). One
/// send runs at a time, so commands reach the server in the order they were made. Starting
/// never waits for the network.
///
/// What happens to each answer is in Docs/Integrations/OfflineFirst.md (the conflict table).
actor SyncEngine: SyncService {
    private let local: OfflineFirstLocal
    private let remote: OfflineFirstRemote
    private let configuration: OfflineFirstIntegration.Configuration
    private let time: ElapsedClock
    /// Notified whenever the status may have changed.
    nonisolated let statusChanges = ChangeSignal()
    private var lastSuccess: Date?
    private var lastError: String?
    private var pausedForSignIn = false
    /// Whether the last send stopped for a reason the retry timer can help with (the server could
    /// not be reached, or asked to wait), besides any author waiting for a sign-in.
    private var sendWantsRetry = false
    /// How many of each author's commands the server has answered: a read of the change feed that
    /// was in flight across an answer may predate it.
    private var answered: [User.ID: Int] = [:]
    /// Applying a read and letting an answered command go take turns, so neither lands between
    /// the other's check and its change.
    private let outboxTurns = Turns()
    private var receivedSinceStart = 0
    /// When the server's `Retry-After` ends, on `time`.
    private var notBefore: Duration?
    /// Whether the server answered the last call this engine made to it (`reaching(_:)`): a
    /// refusal is an answer; a failure to connect, a lost answer, a time-out or a `503` is not,
    /// and local failures leave it as it is. Until it has, the sender probes before it takes any
    /// command: a command taken while offline would be kept from a delete's cancel, and a post
    /// published and deleted offline would reach the server on reconnect.
    private var serverAnswers = false
    /// Authors whose posts are brought down besides the signed-in user: authors written or read here.
    private var authors: Set<User.ID> = []
    /// One send at a time, so commands reach the server in the order they were made.
    private let sendTurns = Turns()
    private var loops: [Task<Void, Never>] = []
    /// Rung by a local change or a sign-in; the send loop waits on `sendRings`.
    private let sendWakeups = ChangeSignal()
    private let sendRings: AsyncStream<Void>
    /// Rung by a newly followed author; the receive loop waits on `receiveRings`.
    private let receiveWakeups = ChangeSignal()
    private let receiveRings: AsyncStream<Void>
    /// What the server refused since start, by any sync, each as "post id: reason".
    private var refusedSinceStart: [String] = []

    init(local: OfflineFirstLocal, remote: OfflineFirstRemote, configuration: OfflineFirstIntegration.Configuration) {
        self.local = local
        self.remote = remote
        self.configuration = configuration
        time = ElapsedClock(clock: configuration.clock)
        // Subscribed now, so a ring before a loop first waits is kept.
        sendRings = sendWakeups.subscribe()
        receiveRings = receiveWakeups.subscribe()
    }

    /// With background sync on, starts sending and receiving; returns at once.
    func start() {
        guard configuration.syncsInBackground, loops.isEmpty else { return }
        loops = [Task { await self.sendLoop() }, Task { await self.receiveLoop() }]
    }

    /// Ends the background work and every status observation.
    func stop() {
        for loop in loops { loop.cancel() }
        loops = []
        sendWakeups.close()
        receiveWakeups.close()
        statusChanges.close()
    }

    /// A local change by `author` was queued: send it now (in the background).
    func outboxChanged(author: User.ID) {
        follow(author)
        statusChanges.notify()
        sendWakeups.notify()
    }

    /// Brings `author`'s posts down too, from the next read of the change feed on.
    func follow(_ author: User.ID) {
        if authors.insert(author).inserted { receiveWakeups.notify() }
    }

    /// Someone signed in (the authentication service already follows them): the pause for
    /// sign-in ends, and what waits is sent, so a sync paused by a 401 resumes. A send that then
    /// meets an unreachable server is retried on the timer again.
    func resumeSending() {
        pausedForSignIn = false
        statusChanges.notify()
        sendWakeups.notify()
    }

    // MARK: SyncService

    /// Sends everything it can, then reads the change feed once for each followed author.
    func syncNow() async -> SyncReport {
        var report = await send()
        if report.stoppedBecause == nil {
            do throws(ServiceError) {
                for author in try await followedAuthors() {
                    report.received += try await receive(for: author, wait: .zero)
                }
            } catch {
                report.stoppedBecause = error.description
            }
        }
        record(report)
        return report
    }

    /// The outbox and the last sync's outcome.
    func status() async -> SyncStatus {
        let outbox = (try? await local.replica.outbox()) ?? []
        var status = SyncStatus(lastSuccess: lastSuccess, lastError: lastError, isPausedForSignIn: pausedForSignIn)
        status.sentSinceStart = answered.values.reduce(0, +)
        status.refusedSinceStart = refusedSinceStart
        status.receivedSinceStart = receivedSinceStart
        for command in outbox {
            if let failure = command.failure {
                status.failedCount += 1
                if let id = command.publishedPostID { status.failedPosts[id] = failure }
            } else {
                status.pendingCount += 1
                if let id = command.publishedPostID { status.pendingPosts.insert(id) }
            }
        }
        return status
    }

    /// The status now, then after every change to it.
    nonisolated func observeStatus() -> ServiceObservation<SyncStatus> {
        .refreshing(on: statusChanges) { () async throws(ServiceError) in await self.status() }
    }

    // MARK: Sending

    /// Sends every command waiting, oldest first, until one cannot be sent now.
    private func send() async -> SyncReport {
        await sendTurns.inTurn { await sendInTurn() }
    }

    private func sendInTurn() async -> SyncReport {
        var report = SyncReport()
        sendWantsRetry = false
        if let notBefore {
            guard time.elapsed >= notBefore else {
                report.stoppedBecause = lastError ?? "the server asked to wait"
                sendWantsRetry = true
                return report
            }
            // The server's wait is over: a failure from now on sets its own, or the retry
            // interval applies. Kept, a past time would make the send loop retry at once, again
            // and again, while the server stays away.
            self.notBefore = nil
        }
        let waiting: [OutboxCommand]
        do {
            waiting = try await local.replica.outbox().filter { $0.failure == nil }
        } catch {
            report.stoppedBecause = error.description
            sendWantsRetry = true
            return report
        }
        // Authors whose session the server refused (401): their later commands wait too, so each
        // author's commands keep their order, while other authors' are sent.
        var refusedAuthors: Set<User.ID> = []
        for command in waiting where !refusedAuthors.contains(command.authorID) {
            authors.insert(command.authorID)
            // Asked before each command, not once a send: the reader may have found the server
            // gone since the last one.
            if !serverAnswers {
                do {
                    try await reaching { () async throws(ServiceError) in try await remote.sync.probe() }
                } catch {
                    endSend(&report, because: error)
                    return report
                }
            }
            do {
                // Taken in the store before it can leave: a delete made since the outbox was
                // read (here or in another process on the same store) either cancelled it, and
                // it is not sent, or from now on keeps it and is sent after it.
                guard try await local.replica.markAttempted(command.id) else { continue }
                let stored = try await reaching { () async throws(ServiceError) in try await remote.sync.send(command) }
                let madeListingDue = try await outboxTurns.inTurn { () async throws(ServiceError) -> Bool in
                    // Counted before the outbox lets the command go, so no read made before the
                    // answer is applied once the command no longer protects its post.
                    answered[command.authorID, default: 0] += 1
                    return try await local.replica.complete(command.id, confirmed: stored)
                }
                report.sent += 1
                if refusedAuthors.isEmpty { pausedForSignIn = false }
                if madeListingDue, let stop = await list(command.authorID, into: &report) {
                    endSend(&report, because: stop)
                    return report
                }
            } catch {
                switch error {
                case .forbidden where command.deletedPostID != nil:
                    // The server's post under this id is someone else's: ours never reached it
                    // (its publish was refused), so there is nothing of ours to delete.
                    _ = try? await outboxTurns.inTurn { () async throws(ServiceError) in
                        try await local.replica.complete(command.id, confirmed: nil)
                    }
                case .invalidInput, .forbidden, .conflict, .notFound:
                    try? await local.replica.fail(command.id, reason: error.description)
                    let refusal = "\(command.operation.postID): \(error.description)"
                    report.refused.append(refusal)
                    refusedSinceStart.append(refusal)
                case .unauthorized:
                    refusedAuthors.insert(command.authorID)
                    pausedForSignIn = true
                    report.stoppedBecause = "sync is paused until you sign in again (\(error.description))"
                default:
                    endSend(&report, because: error)
                    return report
                }
            }
            statusChanges.notify()
        }
        return report
    }

    /// Reads `author`'s whole feed now, between sends: the answer just applied made that listing
    /// due (an earlier one lacked its post, which may have been deleted on the server since it
    /// arrived), and the reader, parked in a long-poll, would get there only when that returns.
    /// Returns a `Retry-After` refusal, which ends the send; any other failure leaves the listing
    /// due for the reader.
    private func list(_ author: User.ID, into report: inout SyncReport) async -> ServiceError? {
        do {
            report.received += try await receiveInTurn(for: author, wait: .zero)
            return nil
        } catch {
            if case .unavailable(_, _?) = error { return error }
            return nil
        }
    }

    /// Ends a send that `error` stopped: the retry timer takes over, from the end of the server's
    /// `Retry-After` when it gave one (a second at least: a `Retry-After` of 0, or of a date
    /// already past, would have the sender call again at once, over and over).
    private func endSend(_ report: inout SyncReport, because error: ServiceError) {
        if case .unavailable(_, let retryAfter?) = error { notBefore = time.elapsed + max(retryAfter, .seconds(1)) }
        report.stoppedBecause = error.description
        sendWantsRetry = true
    }

    /// Makes `call` to the server and notes whether it answered (`serverAnswers`).
    private func reaching<Value: Sendable>(_ call: () async throws(ServiceError) -> Value) async throws(ServiceError)
        -> Value
    {
        do {
            let value = try await call()
            serverAnswers = true
            return value
        } catch {
            serverAnswers = error.isServerAnswer
            throw error
        }
    }

    // MARK: Receiving

    /// Reads `author`'s changes after the kept cursor (waiting up to `wait` for one) and applies
    /// them, first keeping the author when the store does not know them; returns how many there were.
    ///
    /// A read during which the server answered one of the author's commands is read again at once
    /// before anything is applied: the server may have made it before the command arrived, and
    /// applying it would undo the answered change on the device until the next read (a published
    /// post gone from a snapshot, a deleted one listed as saved).
    ///
    /// An author the server does not know (a feed read for an id nobody has) has nothing to bring
    /// down: they are followed no more, and the read counts as done, not as a failure that would
    /// stop every sync, and the reads of the authors after them, for good.
    ///
    /// A whole listing (the first read, or one due after a publish an earlier listing lacked was
    /// answered) is read and applied between sends: a publish on its way meanwhile would be one it
    /// lacks, and its answer would make another listing due, and so on while the outbox drains.
    private func receive(for author: User.ID, wait: Duration) async throws(ServiceError) -> Int {
        guard try await local.replica.cursor(authorID: author) == nil else {
            return try await receiveInTurn(for: author, wait: wait)
        }
        return try await sendTurns.inTurn { () async throws(ServiceError) -> Int in
            try await receiveInTurn(for: author, wait: wait)
        }
    }

    private func receiveInTurn(for author: User.ID, wait: Duration) async throws(ServiceError) -> Int {
        var wait = wait
        while true {
            let answeredBefore = answered[author]
            let cursor = try await local.replica.cursor(authorID: author)
            let batch = try await reaching { () async throws(ServiceError) in
                try await remote.sync.changes(authorID: author, after: cursor, wait: wait)
            }
            var application = try await apply(batch, for: author, unlessAnsweredSince: answeredBefore)
            if application == .unknownAuthor {
                let user: User
                do throws(ServiceError) {
                    user = try await reaching { () async throws(ServiceError) in try await remote.users.user(id: author)
                    }
                } catch .notFound {
                    authors.remove(author)
                    return 0
                }
                // Keeps the author, then applies the batch in hand: reading it again would fetch a
                // first snapshot twice.
                try await local.replica.save(user)
                application = try await apply(batch, for: author, unlessAnsweredSince: answeredBefore)
            }
            switch application {
            case .applied: return received(batch)
            case .stale: wait = .zero
            case .unknownAuthor:
                throw .corruptData(
                    location: "the device's store", reason: "author \(author) is still unknown after it was saved")
            }
        }
    }

    /// What became of a read of the change feed.
    private enum Application {
        case applied, stale, unknownAuthor
    }

    /// Applies `batch` unless one of `author`'s commands was answered since `answeredBefore`, in
    /// a turn no answered command can let go in.
    private func apply(_ batch: PostChangeBatch, for author: User.ID, unlessAnsweredSince answeredBefore: Int?)
        async throws(ServiceError) -> Application
    {
        try await outboxTurns.inTurn { () async throws(ServiceError) -> Application in
            guard answered[author] == answeredBefore else { return .stale }
            do throws(ServiceError) {
                try await local.replica.apply(batch, authorID: author)
                return .applied
            } catch .notFound {
                return .unknownAuthor
            }
        }
    }

    /// Counts what `batch` brought and tells the status observers.
    private func received(_ batch: PostChangeBatch) -> Int {
        receivedSinceStart += batch.changes.count
        if !batch.changes.isEmpty { statusChanges.notify() }
        return batch.changes.count
    }

    /// The signed-in user (as this device last knew them: no network) and every followed author.
    private func followedAuthors() async throws(ServiceError) -> [User.ID] {
        var followed = authors
        if let signedIn = try await configuration.signedInSlot.read() { followed.insert(signedIn) }
        return followed.sorted { $0.rawValue < $1.rawValue }
    }

    private func record(_ report: SyncReport) {
        if let reason = report.stoppedBecause {
            lastError = reason
        } else {
            lastSuccess = configuration.now()
            lastError = nil
            notBefore = nil
        }
        statusChanges.notify()
    }

    // MARK: Background

    /// Sends at once, then after every local change; while the server cannot be reached, again
    /// after `retryInterval` (or when its `Retry-After` ends).
    private func sendLoop() async {
        var rings = sendRings.makeAsyncIterator()
        while !Task.isCancelled {
            let report = await send()
            record(report)
            // A pause for sign-in waits for the sign-in, unless something else stopped the send too.
            if report.stoppedBecause != nil, !pausedForSignIn || sendWantsRetry {
                let retryAt = notBefore ?? (time.elapsed + configuration.retryInterval)
                try? await time.sleep(untilElapsed: retryAt)
            } else if await rings.next() == nil {
                return
            }
        }
    }

    /// Long-polls the change feed for the followed authors, one after another; with none, waits
    /// until there is one. After a read that reached the server, wakes the sender (the server may
    /// just have come back).
    private func receiveLoop() async {
        var rings = receiveRings.makeAsyncIterator()
        while !Task.isCancelled {
            do throws(ServiceError) {
                let followed = try await followedAuthors()
                if followed.isEmpty {
                    guard await rings.next() != nil else { return }
                    continue
                }
                for author in followed {
                    _ = try await receive(for: author, wait: configuration.longPollWait / followed.count)
                }
                sendWakeups.notify()
            } catch {
                lastError = error.description
                statusChanges.notify()
                try? await time.sleep(for: configuration.retryInterval)
            }
        }
    }
}

extension ServiceError {
    /// Whether this is the server's answer (a refusal), as opposed to a failure to reach it or to
    /// hear back. A `503`, even with its `Retry-After`, counts as no answer: it may come from a
    /// proxy in front of a server that is down, and a command sent after it may not arrive.
    fileprivate var isServerAnswer: Bool {
        switch self {
        case .unavailable, .timedOut, .cancelled, .corruptData: false
        default: true
        }
    }
}
