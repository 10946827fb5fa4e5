import Foundation
import TestSupport
import Testing

/// `silo-backend` serves a mutating request once per `Idempotency-Key`, keeps its answer (and its
/// sessions) across a restart, and bounds what it keeps.
@Suite("silo-backend: idempotency keys and sessions")
struct BackendIdempotencyTests {
    private func field(_ name: String, of body: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        return try #require(object?[name] as? String, "no \(name) in \(body)")
    }

    /// A user with a password and a session on `backend`: the user id and the access token.
    private func signedIn(_ backend: BackendProcess, handle: String = "keyed") async throws -> (String, String) {
        let account = try await backend.signUp(handle, password: Self.password)
        return (account.userID, account.accessToken)
    }

    private static let password = "correct horse"

    @Test("a retry with the same key gets the first answer again, once; another body under the key is refused")
    func replay() async throws {
        try await BackendProcess.with { backend in
            let (author, token) = try await signedIn(backend)
            let key = UUID().uuidString

            let first = try await backend.exchange(
                "POST", "/v1/posts", body: #"{"body": "once"}"#, token: token, headers: ["Idempotency-Key": key])
            let again = try await backend.exchange(
                "POST", "/v1/posts", body: #"{"body": "once"}"#, token: token, headers: ["Idempotency-Key": key])
            let other = try await backend.exchange(
                "POST", "/v1/posts", body: #"{"body": "twice?"}"#, token: token, headers: ["Idempotency-Key": key])

            #expect(first.status == 201 && !first.replayed)
            #expect(again.status == 201 && again.replayed, "\(again)")
            #expect(again.body == first.body)
            #expect(other.status == 422 && other.body.contains(#""field":"Idempotency-Key""#), "\(other)")
            let feed = try await backend.exchange("GET", "/v1/users/\(author)/posts")
            #expect(feed.body.components(separatedBy: #""body":"once""#).count == 2, "\(feed.body)")
        }
    }

    @Test("a delete retried with its key reports success, not not-found")
    func deleteReplay() async throws {
        try await BackendProcess.with { backend in
            let (_, token) = try await signedIn(backend)
            let post = try field(
                "id", of: try await backend.exchange("POST", "/v1/posts", body: #"{"body": "x"}"#, token: token).body)
            let key = UUID().uuidString
            let first = try await backend.exchange(
                "DELETE", "/v1/posts/\(post)", token: token, headers: ["Idempotency-Key": key])
            let retry = try await backend.exchange(
                "DELETE", "/v1/posts/\(post)", token: token, headers: ["Idempotency-Key": key])
            #expect(first.status == 204)
            #expect(retry.status == 204 && retry.replayed, "\(retry)")
        }
    }

    @Test("sign-in ignores the key: each one is a new session, and no token is kept as an answer")
    func signInIsNotKept() async throws {
        try await BackendProcess.with { backend in
            _ = try await signedIn(backend)
            let key = UUID().uuidString
            let body = #"{"handle": "keyed", "password": "\#(Self.password)"}"#
            let first = try await backend.exchange(
                "POST", "/v1/sessions", body: body, headers: ["Idempotency-Key": key])
            let second = try await backend.exchange(
                "POST", "/v1/sessions", body: body, headers: ["Idempotency-Key": key])
            #expect(first.status == 201 && second.status == 201 && !second.replayed, "\(second)")
            #expect(try field("access_token", of: first.body) != field("access_token", of: second.body))
        }
    }

    @Test("keys that are empty, over 255 bytes or not visible ASCII are refused, naming the header")
    func badKeys() async throws {
        try await BackendProcess.with { backend in
            let (_, token) = try await signedIn(backend)
            for key in [String(repeating: "k", count: 256), "two words"] {
                let answer = try await backend.exchange(
                    "POST", "/v1/posts", body: #"{"body": "x"}"#, token: token, headers: ["Idempotency-Key": key])
                #expect(
                    answer.status == 422 && answer.body.contains(#""field":"Idempotency-Key""#), "\(key): \(answer)")
            }
            // An empty key, which URLSession would leave out, goes over a raw connection.
            let connection = try RawConnection(port: backend.port)
            let body = #"{"body": "x"}"#
            connection.send(
                "POST /v1/posts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Type: application/json\r\nIdempotency-Key:\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
            let empty = try await connection.readResponse()
            #expect(empty.hasPrefix("HTTP/1.1 422 "), "\(empty.prefix(300))")
            #expect(empty.contains(#""field":"Idempotency-Key""#), "\(empty.prefix(300))")
        }
    }

    @Test("after a restart on the same data, a session still works and a retried key still gets its answer")
    func survivesRestart() async throws {
        // Given a backend on a data directory, a session, and a post made under a key
        let data = try TemporaryDirectory(prefix: "backend-restart")
        let arguments = ["--store", "sqlite", "--data-dir", data.url.path]
        let before = try await BackendProcess.start(arguments: arguments)
        let (author, token) = try await signedIn(before)
        let key = UUID().uuidString
        let made = try await before.exchange(
            "POST", "/v1/posts", body: #"{"body": "kept"}"#, token: token, headers: ["Idempotency-Key": key])

        // When the backend is killed and started again on the same data (on a port of its own: a port
        // given back can be taken by any socket meanwhile)
        try await before.kill()
        try await BackendProcess.with(arguments: arguments) { after in

            // Then the token works, and the retry is answered with the same post, made once
            let retry = try await after.exchange(
                "POST", "/v1/posts", body: #"{"body": "kept"}"#, token: token, headers: ["Idempotency-Key": key])
            #expect(retry.status == 201 && retry.replayed, "\(retry)")
            #expect(retry.body == made.body)
            let feed = try await after.exchange("GET", "/v1/users/\(author)/posts")
            #expect(feed.body.components(separatedBy: #""body":"kept""#).count == 2, "\(feed.body)")
        }
    }

    @Test("sessions are bounded per user: the 21st sign-in ends the oldest session")
    func boundedSessions() async throws {
        try await BackendProcess.with { backend in
            let (_, first) = try await signedIn(backend)
            var tokens = [first]
            for _ in 1..<21 {
                tokens.append(
                    try BackendAccount(answer: try await backend.signIn("keyed", password: Self.password)).accessToken)
            }
            let oldest = try await backend.exchange("POST", "/v1/posts", body: #"{"body": "x"}"#, token: tokens[0])
            let newest = try await backend.exchange("POST", "/v1/posts", body: #"{"body": "x"}"#, token: tokens[20])
            #expect(oldest.status == 401, "\(oldest)")
            #expect(newest.status == 201, "\(newest)")
        }
    }

    @Test("answers are bounded per user, and the compacted journal keeps the newest across a restart")
    func boundedAnswers() async throws {
        // Given a user who has made 2,101 posts, each under its own key, on a backend with a
        // journal (2,101 answers, 1,000 kept: the oldest were forgotten and the journal compacted)
        let data = try TemporaryDirectory(prefix: "backend-answers")
        let arguments = ["--store", "sqlite", "--data-dir", data.url.path]
        let before = try await BackendProcess.start(arguments: arguments)
        let (_, token) = try await signedIn(before)
        let keys = (0...2_100).map { "bounded-\($0)" }
        for key in keys {
            let made = try await before.exchange(
                "POST", "/v1/posts", body: #"{"body": "\#(key)"}"#, token: token, headers: ["Idempotency-Key": key])
            try #require(made.status == 201, "\(key): \(made)")
        }

        // When the backend restarts on its data, and the oldest kept key and the one before it are sent again
        try await before.kill()
        try await BackendProcess.with(arguments: arguments) { after in
            func again(_ key: String) async throws -> BackendAnswer {
                try await after.exchange(
                    "POST", "/v1/posts", body: #"{"body": "\#(key)"}"#, token: token, headers: ["Idempotency-Key": key])
            }
            let oldestKept = try await again(keys[1_101])
            let forgotten = try await again(keys[1_100])

            // Then the kept one is replayed, and the forgotten one made a post again
            #expect(oldestKept.status == 201 && oldestKept.replayed, "\(oldestKept)")
            #expect(forgotten.status == 201 && !forgotten.replayed, "\(forgotten)")
            let journal = try String(contentsOf: data.file(named: "backend-state.jsonl"), encoding: .utf8)
            #expect(!journal.contains(#""key":"bounded-0""#), "the journal was never compacted")
        }
    }

    @Test("a 1 MiB handle or password is refused before anything is kept or hashed")
    func boundedIdentifiers() async throws {
        try await BackendProcess.with { backend in
            let huge = String(repeating: "u", count: 1_048_000)
            let handle = try await backend.signIn(huge, password: Self.password)
            #expect(handle.status == 422 && handle.body.contains(#""field":"handle""#), "\(handle.status)")
            let password = try await backend.signIn("keyed", password: huge)
            #expect(password.status == 422 && password.body.contains(#""field":"password""#), "\(password.status)")
        }
    }
}
