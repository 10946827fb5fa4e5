import CommandLineSupport
import Foundation
import IntegrationSupport
import Services

/// What the server remembers besides the app's data: password hashes, sessions, and the answers of
/// mutating requests by their idempotency keys. Kept in memory and, with the SQLite store, in a
/// journal beside it (`backend-state.jsonl`, one `StateRecord` per line, synced before a change
/// counts), so a restart neither signs anyone out nor forgets an answer a retry may still ask for.
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
    private let crashSwitch: CrashSwitch?
    private var linesSinceCompaction = 0

    /// Password hashes, by user id.
    var accounts: [String: PasswordHash] = [:]
    /// Sign-ups with a password that began and have not ended, by handle: durable, so a restart
    /// finds the ones a crash cut (`settleSignUps(users:)`).
    var signUpsBegun: [String: PasswordHash] = [:]
    /// Handles a sign-up is being served for now, in this process: one at a time per handle.
    var handlesInSignUp: Set<String> = []

    // Sessions, by id, and the indexes that find them.
    var sessions: [String: SessionRecord] = [:]
    var sessionsByAccess: [String: String] = [:]
    var sessionsByRefresh: [String: String] = [:]
    var sessionsByUser: [String: [String]] = [:]
    /// The live session of each family (a refresh replaces it, so there is one at a time).
    var sessionsByFamily: [String: String] = [:]
    /// For each session a refresh started in this process, while nothing has used it (no request
    /// with its access token): the hash of the refresh token it replaced, which a client whose
    /// refresh answer was lost sends again (see `refresh(_:)`). In memory only: after a restart
    /// such a token signs its family out.
    var replacedRefreshTokens: [String: String] = [:]

    // Answers, by scope and key, and the orders they go in when a bound is reached.
    var answers: [AnswerKey: KeptAnswer] = [:]
    var answersByScope: [String: [AnswerKey]] = [:]
    /// Every answer in the order it was kept (which is also the order they expire in: one
    /// lifetime for all). An entry whose stamp no longer matches its answer is stale and skipped,
    /// so forgetting an answer never searches this list.
    var answerQueue: [(key: AnswerKey, stamp: Int)] = []
    var answerQueueHead = 0
    var nextStamp = 0
    /// Keys whose first request is being served now: a retry arriving meanwhile waits its turn.
    var inProgress: Set<AnswerKey> = []

    /// An answer and the stamp of its place in `answerQueue`.
    struct KeptAnswer: Sendable {
        var record: IdempotencyRecord
        var stamp: Int
    }

    /// Where an answer is kept.
    struct AnswerKey: Hashable, Sendable {
        var scope: String
        var key: String
    }

    /// State in memory only (the memory store's), or journaled to `file`. `crashSwitch` (test
    /// controls only) stops the journal's writes as a crash would (`CrashSwitch`).
    init(
        file: URL?, limits: Limits = Limits(), crashSwitch: CrashSwitch? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        journal = file.map { JSONLinesJournal(url: $0) }
        self.crashSwitch = crashSwitch
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

    /// Makes `records` durable (when journaled), then applies them. A compaction that follows and
    /// fails fails nothing: the records are durable and applied, and the journal is compacted at a
    /// later commit; the failure is written to standard error.
    func commit(_ records: [StateRecord]) throws(ServiceError) {
        guard !records.isEmpty else { return }
        if let journal {
            try crashSwitch?.beforeDurableWrite()
            try journal.append(records)
        }
        for record in records { apply(record) }
        linesSinceCompaction += records.count
        do {
            try compactIfWorthIt()
        } catch {
            let message = VisibleEscapes.escaped("compacting the state journal: \(error)")
            FileHandle.standardError.write(Data("silo-backend: \(message)\n".utf8))
        }
    }

    private func apply(_ record: StateRecord) {
        switch record {
        case .sessionStarted(let session):
            sessions[session.id] = session
            sessionsByAccess[session.accessHash] = session.id
            sessionsByRefresh[session.refreshHash] = session.id
            sessionsByUser[session.userID, default: []].append(session.id)
            sessionsByFamily[session.familyID] = session.id
        case .sessionEnded(let id):
            guard let session = sessions.removeValue(forKey: id) else { return }
            replacedRefreshTokens[id] = nil
            sessionsByAccess[session.accessHash] = nil
            sessionsByRefresh[session.refreshHash] = nil
            if sessionsByFamily[session.familyID] == id { sessionsByFamily[session.familyID] = nil }
            sessionsByUser[session.userID]?.removeAll { $0 == id }
            if sessionsByUser[session.userID]?.isEmpty == true { sessionsByUser[session.userID] = nil }
        case .accountCreated(let account):
            accounts[account.userID] = account.password
        case .signUpBegan(let signUp):
            signUpsBegun[signUp.handle] = signUp.password
        case .signUpEnded(let handle):
            signUpsBegun[handle] = nil
        case .answered(let answer):
            let key = AnswerKey(scope: answer.scope, key: answer.key)
            if answers[key] == nil { answersByScope[answer.scope, default: []].append(key) }
            answers[key] = KeptAnswer(record: answer, stamp: nextStamp)
            answerQueue.append((key, nextStamp))
            nextStamp += 1
            // The bounds hold here, so replaying the journal at start forgets what was forgotten
            // before (an answer dropped for room is in the journal until its next compaction).
            while (answersByScope[answer.scope]?.count ?? 0) > limits.answersPerUser,
                let oldest = answersByScope[answer.scope]?.first
            {
                forgetAnswer(oldest)
            }
            while answers.count > limits.answers, let oldest = oldestAnswer() {
                forgetAnswer(oldest)
            }
        }
    }

    /// Drops expired sessions and answers from memory; the journal forgets them at compaction.
    func removeExpired() {
        let now = now()
        for (id, session) in sessions where session.refreshExpiresAt <= now {
            apply(.sessionEnded(id: id))
        }
        while let oldest = oldestAnswer(), let answer = answers[oldest], answer.record.expiresAt <= now {
            forgetAnswer(oldest)
        }
    }

    /// The key of the answer kept longest ago, if any.
    func oldestAnswer() -> AnswerKey? {
        while answerQueueHead < answerQueue.count {
            let (key, stamp) = answerQueue[answerQueueHead]
            if answers[key]?.stamp == stamp { return key }
            answerQueueHead += 1
        }
        return nil
    }

    /// Removes an answer from memory.
    func forgetAnswer(_ key: AnswerKey) {
        guard answers.removeValue(forKey: key) != nil else { return }
        answersByScope[key.scope]?.removeAll { $0 == key }
        if answersByScope[key.scope]?.isEmpty == true { answersByScope[key.scope] = nil }
        // Rebuild the queue once stale entries outnumber live ones: amortised, each forget costs O(1).
        let stale = answerQueue.count - answerQueueHead - answers.count
        if stale > max(1_024, answers.count) {
            answerQueue = answerQueue[answerQueueHead...].filter { answers[$0.key]?.stamp == $0.stamp }
            answerQueueHead = 0
        }
    }

    /// Rewrites the journal as the live state once it holds twice as many lines (and at least a
    /// thousand), so it grows with the state, not with the history.
    private func compactIfWorthIt() throws(ServiceError) {
        guard let journal else { return }
        let live = accounts.count + signUpsBegun.count + sessions.count + answers.count
        guard linesSinceCompaction >= max(1_000, 2 * live) else { return }
        removeExpired()
        let records =
            accounts.sorted { $0.key < $1.key }.map {
                StateRecord.accountCreated(AccountRecord(userID: $0.key, password: $0.value))
            }
            + signUpsBegun.sorted { $0.key < $1.key }.map {
                StateRecord.signUpBegan(SignUpRecord(handle: $0.key, password: $0.value))
            }
            + sessions.values.sorted { $0.startedAt < $1.startedAt }.map(StateRecord.sessionStarted)
            + answerQueue[answerQueueHead...].compactMap { entry in
                answers[entry.key].flatMap { $0.stamp == entry.stamp ? StateRecord.answered($0.record) : nil }
            }
        try crashSwitch?.beforeDurableWrite()
        try journal.compact(to: records)
        linesSinceCompaction = records.count
    }
}
