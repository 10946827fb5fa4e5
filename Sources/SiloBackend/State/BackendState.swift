import Foundation
import IntegrationSupport
import Services

/// What the server remembers besides the app's data: sessions, and the answers of mutating requests
/// by their idempotency keys. Kept in memory and, with the SQLite store, in a journal beside it
/// (`backend-state.jsonl`, one `StateRecord` per line, synced before a change counts), so a
/// restart neither signs anyone out nor forgets an answer a retry may still ask for.
///
/// Everything is bounded: sessions per user and in all, answers per user and in all, each with an
/// expiry; the oldest go first when a bound is reached. An actor: every change is one step.
actor BackendState {
    /// The bounds and lifetimes; `Limits()` is what `silo-backend` uses.
    struct Limits: Sendable {
        var sessionsPerUser = 20
        var sessions = 100_000
        var answersPerUser = 1_000
        var answers = 100_000
        var accessLifetime: Duration = .seconds(15 * 60)
        var refreshLifetime: Duration = .seconds(30 * 24 * 3600)
        var answerLifetime: Duration = .seconds(24 * 3600)
    }

    let limits: Limits
    let now: @Sendable () -> Date
    private let journal: JSONLinesJournal<StateRecord>?
    private var linesSinceCompaction = 0

    // Sessions, by id, and the indexes that find them.
    var sessions: [String: SessionRecord] = [:]
    var sessionsByAccess: [String: String] = [:]
    var sessionsByRefresh: [String: String] = [:]
    var sessionsByUser: [String: [String]] = [:]

    // Answers, by scope and key.
    var answers: [AnswerKey: IdempotencyRecord] = [:]
    var answersByScope: [String: [AnswerKey]] = [:]
    var answerOrder: [AnswerKey] = []
    /// Keys whose first request is being served now: a retry arriving meanwhile waits its turn.
    var inProgress: Set<AnswerKey> = []

    /// Where an answer is kept.
    struct AnswerKey: Hashable, Sendable {
        var scope: String
        var key: String
    }

    /// State in memory only (the memory store's), or journaled to `file`.
    init(file: URL?, limits: Limits = Limits(), now: @escaping @Sendable () -> Date = Date.init) {
        journal = file.map { JSONLinesJournal(url: $0) }
        self.limits = limits
        self.now = now
    }

    /// Reads the journal (when there is one) and rebuilds the state from it.
    ///
    /// - Throws: what `JSONLinesJournal.open()` throws: the journal is in use, unreadable, or damaged.
    func open() throws(ServiceError) {
        guard let journal else { return }
        let records = try journal.open()
        for record in records { apply(record) }
        linesSinceCompaction = records.count
        removeExpired()
    }

    /// Makes `records` durable (when journaled), then applies them.
    func commit(_ records: [StateRecord]) throws(ServiceError) {
        guard !records.isEmpty else { return }
        try journal?.append(records)
        for record in records { apply(record) }
        linesSinceCompaction += records.count
        try compactIfWorthIt()
    }

    private func apply(_ record: StateRecord) {
        switch record {
        case .sessionStarted(let session):
            sessions[session.id] = session
            sessionsByAccess[session.accessHash] = session.id
            sessionsByRefresh[session.refreshHash] = session.id
            sessionsByUser[session.userID, default: []].append(session.id)
        case .sessionEnded(let id):
            guard let session = sessions.removeValue(forKey: id) else { return }
            sessionsByAccess[session.accessHash] = nil
            sessionsByRefresh[session.refreshHash] = nil
            sessionsByUser[session.userID]?.removeAll { $0 == id }
            if sessionsByUser[session.userID]?.isEmpty == true { sessionsByUser[session.userID] = nil }
        case .answered(let answer):
            let key = AnswerKey(scope: answer.scope, key: answer.key)
            if answers.updateValue(answer, forKey: key) == nil {
                answersByScope[answer.scope, default: []].append(key)
                answerOrder.append(key)
            }
        }
    }

    /// Drops expired sessions and answers from memory; the journal forgets them at compaction.
    func removeExpired() {
        let now = now()
        for (id, session) in sessions where session.refreshExpiresAt <= now {
            apply(.sessionEnded(id: id))
        }
        let expired = answerOrder.filter { answers[$0].map { $0.expiresAt <= now } ?? true }
        guard !expired.isEmpty else { return }
        for key in expired { forgetAnswer(key) }
    }

    /// Removes an answer from memory.
    func forgetAnswer(_ key: AnswerKey) {
        answers[key] = nil
        answersByScope[key.scope]?.removeAll { $0 == key }
        if answersByScope[key.scope]?.isEmpty == true { answersByScope[key.scope] = nil }
        answerOrder.removeAll { $0 == key }
    }

    /// Rewrites the journal as the live state once it holds twice as many lines (and at least a
    /// thousand), so it grows with the state, not with the history.
    private func compactIfWorthIt() throws(ServiceError) {
        guard let journal else { return }
        let live = sessions.count + answers.count
        guard linesSinceCompaction >= max(1_000, 2 * live) else { return }
        removeExpired()
        let records =
            sessions.values.sorted { $0.startedAt < $1.startedAt }.map(StateRecord.sessionStarted)
            + answerOrder.compactMap { answers[$0] }.map(StateRecord.answered)
        try journal.compact(to: records)
        linesSinceCompaction = records.count
    }
}
