import Foundation
import TestSupport
import Testing

/// `silo-backend`'s sign-in: passwords checked against a slow hash, one answer for every wrong
/// credential, a lock after repeated failures, refresh tokens that are used once, and sign-out.
@Suite("silo-backend: sign-in, refresh and sign-out")
struct BackendSignInTests {
    private static let password = "correct horse"

    @Test("the right password signs in; a wrong one, an unknown handle and a device account get the same 401")
    func passwords() async throws {
        try await BackendProcess.with { backend in
            let ann = try await backend.signUp("ann", password: Self.password)
            _ = try await backend.signUp("device_only")

            let signedIn = try BackendAccount(answer: try await backend.signIn("ANN", password: Self.password))
            #expect(signedIn.userID == ann.userID)
            #expect(signedIn.accessToken != ann.accessToken)

            let refusals = [
                try await backend.signIn("ann", password: "wrong horse"),
                try await backend.signIn("nobody_here", password: Self.password),
                try await backend.signIn("device_only", password: Self.password),
            ]
            // The old way in, naming a user id, starts nothing: a session needs the handle and password
            let byID = try await backend.exchange("POST", "/v1/sessions", body: #"{"user_id": "\#(ann.userID)"}"#)
            #expect(byID.status == 422 && byID.body.contains(#""field":"handle""#), "\(byID)")
            let oldSignUp = try await backend.exchange(
                "POST", "/v1/users", body: #"{"handle": "x_y_z", "display_name": "X"}"#)
            #expect(oldSignUp.status == 404)

            for refusal in refusals {
                #expect(refusal.status == 401, "\(refusal)")
                #expect(refusal.body == refusals[0].body, "the answers tell the cases apart: \(refusal.body)")
            }
        }
    }

    @Test("a password under 8 bytes is refused at sign-up, and nothing is made")
    func shortPassword() async throws {
        try await BackendProcess.with { backend in
            let answer = try await backend.exchange(
                "POST", "/v1/accounts", body: #"{"handle": "short", "display_name": "S", "password": "1234567"}"#)
            #expect(answer.status == 422 && answer.body.contains(#""field":"password""#), "\(answer)")
            #expect(try await backend.exchange("GET", "/v1/handles/short").status == 404)
        }
    }

    @Test("five failures in a row lock the account: 429 with Retry-After, even for the right password, until it passes")
    func lockout() async throws {
        try await BackendProcess.with { backend in
            _ = try await backend.signUp("guarded", password: Self.password)
            let start: Int64 = 1_800_000_000_000
            func signIn(_ password: String, at milliseconds: Int64) async throws -> BackendAnswer {
                try await backend.exchange(
                    "POST", "/v1/sessions", body: #"{"handle": "guarded", "password": "\#(password)"}"#,
                    headers: ["Silo-Test-Now": String(milliseconds)])
            }

            for attempt in 1...5 {
                #expect(try await signIn("guess \(attempt)", at: start).status == 401)
            }
            let locked = try await signIn(Self.password, at: start)
            #expect(locked.status == 429 && locked.header("Retry-After") == "1", "\(locked)")

            // The lock doubles with each failure after it passes
            #expect(try await signIn("guess 6", at: start + 1_000).status == 401)
            let longer = try await signIn(Self.password, at: start + 1_001)
            #expect(longer.status == 429 && longer.header("Retry-After") == "2", "\(longer)")

            // Once it passes, the right password signs in and clears the count
            #expect(try await signIn(Self.password, at: start + 3_001).status == 201)
            #expect(try await signIn("guess 7", at: start + 3_002).status == 401)
            // One failure after the count was cleared locks nothing (seven in a row would lock for 4 s)
            #expect(try await signIn(Self.password, at: start + 3_003).status == 201)
        }
    }

    @Test(
        "a refresh token works once: presented again after its new session was used, it signs out every session started from it"
    )
    func refreshReuse() async throws {
        try await BackendProcess.with { backend in
            let first = try await backend.signUp("rotating", password: Self.password)
            let other = try BackendAccount(answer: try await backend.signIn("rotating", password: Self.password))
            let (refresh, post) = (Self.refresh(on: backend), Self.post(on: backend))

            let renewed = try BackendAccount(answer: try await refresh(first.refreshToken))
            #expect(try await post(renewed.accessToken) == 201)
            #expect(try await post(first.accessToken) == 401, "the replaced access token still works")

            let reuse = try await refresh(first.refreshToken)
            #expect(reuse.status == 401 && reuse.body.contains("already used"), "\(reuse)")
            #expect(try await post(renewed.accessToken) == 401, "the stolen family's newest session lives on")
            #expect(try await refresh(renewed.refreshToken).status == 401)
            #expect(try await post(other.accessToken) == 201, "another sign-in's session was ended too")
        }
    }

    @Test(
        "a refresh token sent again renews while the session it made is unused (its answer was lost); once that is used, it signs the family out"
    )
    func refreshAnswerLost() async throws {
        try await BackendProcess.with { backend in
            let first = try await backend.signUp("lost_answer", password: Self.password)
            let (refresh, post) = (Self.refresh(on: backend), Self.post(on: backend))

            let lost = try BackendAccount(answer: try await refresh(first.refreshToken))
            let again = try BackendAccount(answer: try await refresh(first.refreshToken))
            #expect(try await post(lost.accessToken) == 401, "the session whose answer was lost still works")
            #expect(try await post(again.accessToken) == 201)

            let reuse = try await refresh(first.refreshToken)
            #expect(reuse.status == 401 && reuse.body.contains("already used"), "\(reuse)")
            #expect(try await post(again.accessToken) == 401, "the family lives on after a reuse")
        }
    }

    @Test("a lost answer's refresh token renews once, and only while that answer's access token lasts")
    func refreshAnswerLostOnce() async throws {
        try await BackendProcess.with { backend in
            let refresh = Self.refresh(on: backend)
            let first = try await backend.signUp("lost_twice", password: Self.password)
            _ = try BackendAccount(answer: try await refresh(first.refreshToken))
            _ = try BackendAccount(answer: try await refresh(first.refreshToken))
            let twice = try await refresh(first.refreshToken)
            #expect(twice.status == 401 && twice.body.contains("already used"), "renewed twice: \(twice)")

            let second = try await backend.signUp("lost_late", password: Self.password)
            _ = try BackendAccount(answer: try await refresh(second.refreshToken))
            try await backend.expireAccessTokens()
            let late = try await refresh(second.refreshToken)
            #expect(late.status == 401 && late.body.contains("already used"), "renewed after it expired: \(late)")
        }
    }

    @Test(
        "after a restart, a refresh token sent again signs the family out: whether its successor was used is not kept")
    func refreshAnswerLostAcrossRestart() async throws {
        let data = try TemporaryDirectory(prefix: "backend-refresh")
        let arguments = ["--store", "sqlite", "--data-dir", data.url.path]
        let before = try await BackendProcess.start(arguments: arguments)
        let first = try await before.signUp("restarted", password: Self.password)
        _ = try BackendAccount(answer: try await Self.refresh(on: before)(first.refreshToken))
        try await before.kill()

        try await BackendProcess.with(arguments: arguments) { after in
            let reuse = try await Self.refresh(on: after)(first.refreshToken)
            #expect(reuse.status == 401 && reuse.body.contains("already used"), "\(reuse)")
        }
    }

    /// Sends `POST /v1/sessions/refresh` with a refresh token.
    private static func refresh(on backend: BackendProcess) -> (String) async throws -> BackendAnswer {
        { token in
            try await backend.exchange("POST", "/v1/sessions/refresh", body: #"{"refresh_token": "\#(token)"}"#)
        }
    }

    /// Publishes a post with an access token, and gives the status.
    private static func post(on backend: BackendProcess) -> (String) async throws -> Int {
        { token in try await backend.exchange("POST", "/v1/posts", body: #"{"body": "x"}"#, token: token).status }
    }

    @Test("twenty wrong sign-ins sent at once get five guesses, as five in a row would; the others wait (429)")
    func concurrentGuesses() async throws {
        try await BackendProcess.with(arguments: ["--password-iterations", "20000"]) { backend in
            _ = try await backend.signUp("crowded", password: Self.password)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for attempt in 1...20 {
                    group.addTask {
                        try await backend.exchange(
                            "POST", "/v1/sessions", body: #"{"handle": "crowded", "password": "guess \#(attempt)"}"#
                        ).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 401 }.count <= 5, "\(statuses.sorted())")
            #expect(statuses.allSatisfy { [401, 429].contains($0) }, "\(statuses.sorted())")
        }
    }

    @Test("sign-out ends the session: its access and refresh tokens stop working, other sessions go on")
    func signOut() async throws {
        try await BackendProcess.with { backend in
            let leaving = try await backend.signUp("leaver", password: Self.password)
            let staying = try BackendAccount(answer: try await backend.signIn("leaver", password: Self.password))

            #expect(
                try await backend.exchange("DELETE", "/v1/sessions/current", token: leaving.accessToken).status == 204)
            #expect(
                try await backend.exchange("DELETE", "/v1/sessions/current", token: leaving.accessToken).status == 401)
            let leftPost = try await backend.exchange(
                "POST", "/v1/posts", body: #"{"body": "x"}"#, token: leaving.accessToken)
            #expect(leftPost.status == 401)
            let refresh = try await backend.exchange(
                "POST", "/v1/sessions/refresh", body: #"{"refresh_token": "\#(leaving.refreshToken)"}"#)
            #expect(refresh.status == 401, "\(refresh)")
            let stayingPost = try await backend.exchange(
                "POST", "/v1/posts", body: #"{"body": "x"}"#, token: staying.accessToken)
            #expect(stayingPost.status == 201)
        }
    }

    @Test("one user's token on another's name or post is 403, and nothing changes")
    func anotherUsersToken() async throws {
        try await BackendProcess.with { backend in
            let owner = try await backend.signUp("owner", password: Self.password)
            let other = try await backend.signUp("other", password: Self.password)
            let post = try await backend.exchange(
                "POST", "/v1/posts", body: #"{"body": "mine"}"#, token: owner.accessToken)
            let postID = try #require(
                (try JSONSerialization.jsonObject(with: Data(post.body.utf8)) as? [String: Any])?["id"] as? String)

            let rename = try await backend.exchange(
                "PATCH", "/v1/users/\(owner.userID)", body: #"{"display_name": "Taken over"}"#, token: other.accessToken
            )
            let delete = try await backend.exchange("DELETE", "/v1/posts/\(postID)", token: other.accessToken)

            #expect(rename.status == 403, "\(rename)")
            #expect(delete.status == 403, "\(delete)")
            #expect(
                try await backend.exchange("GET", "/v1/users/\(owner.userID)").body.contains(#""display_name":"T""#))
            #expect(try await backend.exchange("GET", "/v1/posts/\(postID)").status == 200)
        }
    }

    @Test("accounts survive a restart, and the journal holds a salted hash, never the password")
    func accountsPersist() async throws {
        let data = try TemporaryDirectory(prefix: "backend-accounts")
        let arguments = ["--store", "sqlite", "--data-dir", data.url.path]
        let before = try await BackendProcess.start(arguments: arguments)
        let made = try await before.signUp("lasting", password: Self.password)
        try await before.kill()

        try await BackendProcess.with(arguments: arguments) { after in
            let again = try BackendAccount(answer: try await after.signIn("lasting", password: Self.password))
            #expect(again.userID == made.userID)
            let journal = try String(contentsOf: data.file(named: "backend-state.jsonl"), encoding: .utf8)
            #expect(!journal.contains(Self.password))
            #expect(journal.contains(#""algorithm":"pbkdf2-sha256""#), "\(journal.prefix(400))")
        }
    }
}
