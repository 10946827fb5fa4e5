import Foundation
import IntegrationSupport
import Models
import Services

/// Sends the outbox and brings the server's changes down: on start, after every local change,
/// on demand (`syncNow()`), and in the background (a long-poll of the change feed, and a retry
/// every `retryInterval` while the server cannot be reached). One send runs at a time, so
/// commands reach the server in the order they were made.
///
/// What happens to each answer is in Docs/Integrations/OfflineFirst.md (the conflict table).
actor SyncEngine: SyncService {
    private let local: OfflineFirstLocal
    private let remote: OfflineFirstRemote
    private let configuration: OfflineFirstIntegration.Configuration
    /// Notified whenever the status may have changed.
    nonisolated let statusChanges = ChangeSignal()
    private var lastSuccess: Date?
    private var lastError: String?
    private var pausedForSignIn = false
    private var notBefore: ContinuousClock.Instant?
    /// Authors whose posts are brought down: the signed-in user, authors written or read here.
    private var authors: Set<User.ID> = []
    private var isSending = false
    private var sendTurns: [CheckedContinuation<Void, Never>] = []
    private var loops: [Task<Void, Never>] = []
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    init(local: OfflineFirstLocal, remote: OfflineFirstRemote, configuration: OfflineFirstIntegration.Configuration) {
        self.local = local
        self.remote = remote
        self.configuration = configuration
        (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Syncs once, then (with background sync on) keeps syncing until `stop()`.
    func start() async {
        _ = await syncNow()
        guard configuration.syncsInBackground else { return }
        loops = [Task { await self.sendLoop() }, Task { await self.receiveLoop() }]
    }

    /// Ends the background work and every status observation.
    func stop() {
        for loop in loops { loop.cancel() }
        loops = []
        wake.finish()
        statusChanges.close()
    }

    /// A local change was queued: send it now (in the background).
    func outboxChanged(author: User.ID? = nil) {
        if let author { authors.insert(author) }
        statusChanges.notify()
        wake.yield()
    }

    /// Brings `author`'s posts down too; the first time, once now (when the server answers).
    func follow(_ author: User.ID) async {
        guard authors.insert(author).inserted else { return }
        guard (try? await local.replica.cursor(authorID: author)) == nil else { return }
        _ = try? await receive(for: author, wait: .zero)
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
        var status = SyncStatus(
            lastSuccess: lastSuccess, lastError: lastError, isPausedForSignIn: pausedForSignIn)
        for command in outbox {
            if let failure = command.failure {
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
        await takeSendTurn()
        defer { giveUpSendTurn() }
        var report = SyncReport()
        if let notBefore, ContinuousClock.now < notBefore {
            report.stoppedBecause = lastError ?? "the server asked to wait"
            return report
        }
        let waiting: [OutboxCommand]
        do {
            waiting = try await local.replica.outbox().filter { $0.failure == nil }
        } catch {
            report.stoppedBecause = error.description
            return report
        }
        for command in waiting {
            authors.insert(command.authorID)
            do {
                let stored = try await remote.sync.send(command)
                try await local.replica.complete(command.id, confirmed: stored)
                report.sent += 1
                pausedForSignIn = false
            } catch {
                switch error {
                case .invalidInput, .forbidden, .conflict, .notFound:
                    try? await local.replica.fail(command.id, reason: error.description)
                    report.refused.append("\(command.operation.postID): \(error.description)")
                case .unauthorized:
                    pausedForSignIn = true
                    report.stoppedBecause = "sync is paused until you sign in again (\(error.description))"
                    return report
                case .unavailable(_, let retryAfter?):
                    notBefore = ContinuousClock.now + retryAfter
                    report.stoppedBecause = error.description
                    return report
                default:
                    report.stoppedBecause = error.description
                    return report
                }
            }
            statusChanges.notify()
        }
        return report
    }

    private func takeSendTurn() async {
        guard isSending else {
            isSending = true
            return
        }
        await withCheckedContinuation { sendTurns.append($0) }
    }

    private func giveUpSendTurn() {
        if sendTurns.isEmpty {
            isSending = false
        } else {
            sendTurns.removeFirst().resume()
        }
    }

    // MARK: Receiving

    /// Reads `author`'s changes after the kept cursor (waiting up to `wait` for one) and applies
    /// them; returns how many there were.
    private func receive(for author: User.ID, wait: Duration) async throws(ServiceError) -> Int {
        if (try? await local.users.user(id: author)) == nil {
            try await local.replica.save(try await remote.users.user(id: author))
        }
        let cursor = try await local.replica.cursor(authorID: author)
        let batch = try await remote.sync.changes(authorID: author, after: cursor, wait: wait)
        try await local.replica.apply(batch, authorID: author)
        if !batch.changes.isEmpty { statusChanges.notify() }
        return batch.changes.count
    }

    private func followedAuthors() async throws(ServiceError) -> [User.ID] {
        if let session = try? await remote.authentication.currentSession() {
            authors.insert(session.user.id)
            if (try? await local.users.user(id: session.user.id)) == nil { try await local.replica.save(session.user) }
        }
        return authors.sorted { $0.rawValue < $1.rawValue }
    }

    private func record(_ report: SyncReport) {
        if let reason = report.stoppedBecause {
            lastError = reason
        } else {
            lastSuccess = configuration.now()
            lastError = report.refused.last
            notBefore = nil
        }
        statusChanges.notify()
    }

    // MARK: Background

    /// Sends after every local change, and retries while the server cannot be reached.
    private func sendLoop() async {
        var wakeups = self.wakeups.makeAsyncIterator()
        while !Task.isCancelled {
            let report = await send()
            record(report)
            if report.stoppedBecause != nil, !pausedForSignIn {
                let delay = notBefore.map { max($0 - ContinuousClock.now, .zero) } ?? configuration.retryInterval
                try? await Task.sleep(for: delay)
            } else if await wakeups.next() == nil {
                return
            }
        }
    }

    /// Long-polls the change feed for the followed authors, one after another.
    private func receiveLoop() async {
        while !Task.isCancelled {
            do throws(ServiceError) {
                let followed = try await followedAuthors()
                if followed.isEmpty { try? await Task.sleep(for: configuration.retryInterval) }
                for author in followed {
                    _ = try await receive(for: author, wait: configuration.longPollWait / max(followed.count, 1))
                }
                wake.yield()
            } catch {
                lastError = error.description
                statusChanges.notify()
                try? await Task.sleep(for: configuration.retryInterval)
            }
        }
    }
}

extension OutboxCommand {
    /// The author the command acts for.
    var authorID: User.ID {
        switch operation {
        case .publish(let post): post.authorID
        case .delete(_, let authorID): authorID
        }
    }
}
