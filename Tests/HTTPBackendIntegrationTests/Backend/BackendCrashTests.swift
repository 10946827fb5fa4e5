import Foundation
import TestSupport
import Testing

@testable import SiloBackend

/// `silo-backend` killed between the writes of one request, then started again on its data. A
/// sign-up with a password writes the user into the store and the password into the state
/// journal; a publish writes the post into the store and its answer into the journal. Whatever
/// write the kill cuts, nothing is left half made: a handle its password signs in to or one free
/// to sign up again, and one post for a publish retried with its key.
@Suite("silo-backend: killed between the writes of a request")
struct BackendCrashTests {
    private static let password = "correct horse"

    @Test("killed at each durable write of a sign-up, then restarted: the password signs in, or the handle is free")
    func signUpKilledAtEachWrite() async throws {
        let data = try TemporaryDirectory(prefix: "backend-sign-up-crash")
        let arguments = ["--store", "sqlite", "--data-dir", data.url.path]
        var passing = 0
        func signUp(on backend: BackendProcess) async throws -> BackendAnswer {
            try await backend.exchange("POST", "/v1/accounts", body: Self.signUpBody("cut_\(passing)"))
        }
        // One handle per crash point; the first point the sign-up gets past ends the loop.
        while try await Self.crashes(arguments: arguments, passing: passing, signUp) {
            try await BackendProcess.with(arguments: arguments) { backend in
                let signIn = try await backend.signIn("cut_\(passing)", password: Self.password)
                guard signIn.status != 201 else { return }
                #expect(signIn.status == 401, "\(signIn)")
                // No account: then the handle must be free, not held by a user nobody can sign in to.
                let again = try await signUp(on: backend)
                #expect(again.status == 201, "after a crash at write \(passing + 1): \(again)")
                #expect(try await backend.signIn("cut_\(passing)", password: Self.password).status == 201)
            }
            passing += 1
        }
        // The sign-up begun in the journal, the user in the store, the account, the session.
        #expect(passing == 4, "the sign-up made \(passing) durable writes")
    }

    @Test("a sign-up for a taken handle is refused before anything is written")
    func takenHandleWritesNothing() async throws {
        let data = try TemporaryDirectory(prefix: "backend-sign-up-taken")
        try await BackendProcess.with(arguments: ["--store", "sqlite", "--data-dir", data.url.path]) { backend in
            _ = try await backend.signUp("device_held")
            // A write now kills the backend: a begun sign-up for a held handle would be one.
            try await backend.armCrash()
            let answer = try await backend.exchange("POST", "/v1/accounts", body: Self.signUpBody("device_held"))
            #expect(answer.status == 409 && answer.body.contains("taken"), "\(answer)")
            #expect(await !backend.isGone())
        }
    }

    @Test("killed at each durable write of a publish, then retried with its key: 201, and one post")
    func publishKilledAtEachWrite() async throws {
        let data = try TemporaryDirectory(prefix: "backend-publish-crash")
        let arguments = ["--store", "sqlite", "--data-dir", data.url.path]
        let author = try await BackendProcess.with(arguments: arguments) { try await $0.signUp("writer") }
        var passing = 0
        func publish(on backend: BackendProcess) async throws -> BackendAnswer {
            try await backend.exchange(
                "POST", "/v1/posts", body: #"{"body": "post \#(passing)"}"#, token: author.accessToken,
                headers: ["Idempotency-Key": "publish-\(passing)"])
        }
        while try await Self.crashes(arguments: arguments, passing: passing, publish) {
            try await BackendProcess.with(arguments: arguments) { backend in
                let retry = try await publish(on: backend)
                #expect(retry.status == 201, "after a crash at write \(passing + 1): \(retry)")
                let feed = try await backend.exchange("GET", "/v1/users/\(author.userID)/posts")
                let copies = feed.body.components(separatedBy: #""post \#(passing)""#).count - 1
                #expect(copies == 1, "after a crash at write \(passing + 1): \(feed.body)")
            }
            passing += 1
        }
        // The post in the store, its answer in the journal.
        #expect(passing == 2, "the publish made \(passing) durable writes")
    }

    @Test("a key sent again with another post, after a crash lost its first answer, is refused")
    func keyReusedAfterCrash() async throws {
        let data = try TemporaryDirectory(prefix: "backend-publish-reuse")
        let arguments = ["--store", "sqlite", "--data-dir", data.url.path]
        let author = try await BackendProcess.with(arguments: arguments) { try await $0.signUp("reuser") }
        func publish(_ text: String, on backend: BackendProcess) async throws -> BackendAnswer {
            try await backend.exchange(
                "POST", "/v1/posts", body: #"{"body": "\#(text)"}"#, token: author.accessToken,
                headers: ["Idempotency-Key": "reused"])
        }
        #expect(try await Self.crashes(arguments: arguments, passing: 1) { try await publish("first", on: $0) })
        try await BackendProcess.with(arguments: arguments) { backend in
            let other = try await publish("second", on: backend)
            #expect(other.status == 409 && other.body.contains("Idempotency-Key"), "\(other)")
        }
    }

    @Test("an id made from a key that another user took first blocks nothing: the post gets a random id")
    func keyedIDTakenByAnother() async throws {
        try await BackendProcess.with { backend in
            let (owner, squatter) = (try await backend.signUp("owner"), try await backend.signUp("squatter"))
            let taken = KeyedID.make("post", scope: owner.userID, key: "foreseen")
            let squat = try await backend.exchange(
                "POST", "/v1/posts", body: #"{"id": "\#(taken)", "body": "mine"}"#, token: squatter.accessToken)
            #expect(squat.status == 201, "\(squat)")

            let published = try await backend.exchange(
                "POST", "/v1/posts", body: #"{"body": "hello"}"#, token: owner.accessToken,
                headers: ["Idempotency-Key": "foreseen"])
            #expect(published.status == 201 && published.body.contains("hello"), "\(published)")
            #expect(!published.body.contains(taken), "\(published)")
        }
    }

    /// Starts a backend, arms a crash after `passing` durable writes and sends `request`: whether
    /// the backend died. When it did not, the request must have succeeded.
    private static func crashes(
        arguments: [String], passing: Int, _ request: @escaping (BackendProcess) async throws -> BackendAnswer
    ) async throws -> Bool {
        try await BackendProcess.with(arguments: arguments) { backend in
            try await backend.armCrash(passing: passing)
            let answer = try? await request(backend)
            if await backend.isGone() { return true }
            #expect(answer.map { (200..<300).contains($0.status) } == true, "\(String(describing: answer))")
            return false
        }
    }

    private static func signUpBody(_ handle: String) -> String {
        #"{"handle": "\#(handle)", "display_name": "T", "password": "\#(password)"}"#
    }
}
