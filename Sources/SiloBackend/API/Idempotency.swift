import Foundation
import Services

/// Serves each mutating request that carries an `Idempotency-Key` at most once per key and user.
///
/// The first request with a key is served and its answer kept for a day (`BackendState`, in the
/// journal with the SQLite store, so also across a restart); a retry with the same key and the
/// same request gets that answer again (`Idempotent-Replayed: true`) without running the route, so
/// a lost answer never becomes a duplicate post or a delete that reports "not found". A key reused
/// for a different request is refused (422), and a retry that arrives while the first request with
/// its key is still being served is told to come back (503 with `Retry-After: 1`).
///
/// Answers that say something about the request (2xx, and 4xx but 401, 408 and 429) are kept;
/// the others (5xx, an expired session, a timeout, rate limiting) are not, so a retry runs the
/// request again. Only routes that keep answers come here (`Route.keepsAnswers`): sign-in and
/// refresh do not, as their answers hold tokens, which the server never keeps.
enum Idempotency {
    /// The longest key accepted, in bytes.
    static let keyByteLimit = 255
    /// The methods whose routes keep answers unless they opt out.
    static let mutatingMethods: Set<String> = ["POST", "PUT", "PATCH", "DELETE"]

    /// `route`'s answer to `request`, or the one kept for its key.
    static func serve(
        _ request: ServerRequest, state: BackendState, route: () async -> ServerResponse
    ) async -> ServerResponse {
        guard let key = request.header("idempotency-key") else { return await route() }
        guard isValid(key) else {
            return APIFailure(
                422, .invalidInput,
                "Idempotency-Key must be 1 to \(keyByteLimit) visible ASCII characters (a UUID will do)",
                field: "Idempotency-Key"
            ).response
        }
        let scope = await scope(of: request, state: state)
        let fingerprint = fingerprint(of: request)
        switch await state.claim(scope: scope, key: key, fingerprint: fingerprint) {
        case .replay(let answer):
            var headers: [(name: String, value: String)] = [("Idempotent-Replayed", "true")]
            if let type = answer.contentType { headers.insert(("Content-Type", type), at: 0) }
            return ServerResponse(status: answer.status, headers: headers, body: Array(answer.body))
        case .mismatch:
            return APIFailure(
                422, .invalidInput,
                "this Idempotency-Key was used for a different request; use a new key for a new request",
                field: "Idempotency-Key"
            ).response
        case .busy:
            return APIFailure(
                .unavailable(
                    reason: "the first request with this Idempotency-Key is still being served; retry shortly",
                    retryAfter: .seconds(1))
            ).response
        case .serve:
            let response = await route()
            guard isKept(response.status) else {
                await state.release(scope: scope, key: key)
                return response
            }
            let contentType = response.headers.first { $0.name.lowercased() == "content-type" }?.value
            do throws(ServiceError) {
                try await state.remember(
                    scope: scope, key: key, fingerprint: fingerprint, status: response.status, contentType: contentType,
                    body: response.body)
            } catch {
                // The change was made; only its answer could not be kept. Answer it now; a retry
                // would run it again, which the state's failure (a full disk) makes unlikely to work.
                await state.release(scope: scope, key: key)
            }
            return response
        }
    }

    /// Whether `key` is 1 to 255 visible ASCII characters.
    static func isValid(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= keyByteLimit && key.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// Whether an answer with `status` is kept for retries.
    static func isKept(_ status: Int) -> Bool {
        (200..<300).contains(status) || ((400..<500).contains(status) && ![401, 408, 429].contains(status))
    }

    /// The signed-in user of the request, or `-` when it carries no valid session.
    private static func scope(of request: ServerRequest, state: BackendState) async -> String {
        guard let token = request.bearerToken, let user = await state.user(accessToken: token) else { return "-" }
        return user.rawValue
    }

    /// SHA-256 of the method, the path and the body.
    private static func fingerprint(of request: ServerRequest) -> String {
        SHA256.hexDigest(of: Array("\(request.method) \(request.path)\n".utf8) + request.body)
    }
}
