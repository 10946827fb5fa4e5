import Foundation
import Services

extension BackendState {
    /// What to do with a mutating request that carries an idempotency key.
    enum Claim: Sendable {
        /// The first request with this key: serve it, then `remember` (or `release`) its answer.
        case serve
        /// The same request was answered before: send this answer again.
        case replay(IdempotencyRecord)
        /// The key was used for a different request.
        case mismatch
        /// The first request with this key is still being served.
        case busy
    }

    /// Claims `key` in `scope` for a request whose fingerprint is `fingerprint`.
    func claim(scope: String, key: String, fingerprint: String) -> Claim {
        let answerKey = AnswerKey(scope: scope, key: key)
        if let answer = answers[answerKey]?.record {
            guard answer.expiresAt > now() else {
                forgetAnswer(answerKey)
                return claim(scope: scope, key: key, fingerprint: fingerprint)
            }
            return answer.fingerprint == fingerprint ? .replay(answer) : .mismatch
        }
        guard inProgress.insert(answerKey).inserted else { return .busy }
        return .serve
    }

    /// Keeps `response` as the answer to the claimed key (for a day); keeping it forgets the
    /// scope's, or everyone's, oldest answer when a bound is reached.
    ///
    /// - Throws: `.unavailable` when the journal cannot be written (the answer is then not kept,
    ///   and a retry runs the request again).
    func remember(
        scope: String, key: String, fingerprint: String, status: Int, contentType: String?, body: [UInt8]
    ) throws(ServiceError) {
        inProgress.remove(AnswerKey(scope: scope, key: key))
        try commit([
            .answered(
                IdempotencyRecord(
                    scope: scope, key: key, fingerprint: fingerprint, status: status, contentType: contentType,
                    body: Data(body), expiresAt: expiry(after: limits.answerLifetime)))
        ])
    }

    /// Lets the claimed key go without an answer (the request failed in a way a retry may fix).
    func release(scope: String, key: String) {
        inProgress.remove(AnswerKey(scope: scope, key: key))
    }
}
