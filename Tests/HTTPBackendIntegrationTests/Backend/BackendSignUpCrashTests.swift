import Foundation
import TestSupport
import Testing

/// `silo-backend` killed in the middle of a sign-up with a password, which writes twice: the user
/// into the store and the password into the state journal. Whatever write the kill cuts, the
/// handle ends usable: its password signs in, or it is free to sign up again.
@Suite("silo-backend: a sign-up a crash cuts")
struct BackendSignUpCrashTests {
    private static let password = "correct horse"

    @Test("killed at each durable write of a sign-up, then restarted: the password signs in, or the handle is free")
    func killedAtEachWrite() async throws {
        let data = try TemporaryDirectory(prefix: "backend-sign-up-crash")
        let arguments = ["--store", "sqlite", "--data-dir", data.url.path]
        var passing = 0
        // One handle per crash point; the first point the sign-up gets past ends the loop.
        while try await Self.signUpCrashes(arguments: arguments, handle: "cut_\(passing)", passing: passing) {
            try await BackendProcess.with(arguments: arguments) { backend in
                let signIn = try await backend.signIn("cut_\(passing)", password: Self.password)
                guard signIn.status != 201 else { return }
                #expect(signIn.status == 401, "\(signIn)")
                // No account: then the handle must be free, not held by a user nobody can sign in to.
                let again = try await backend.exchange(
                    "POST", "/v1/accounts", body: Self.signUpBody("cut_\(passing)"))
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

    /// Arms a crash after `passing` durable writes and signs `handle` up: whether the backend died.
    private static func signUpCrashes(arguments: [String], handle: String, passing: Int) async throws -> Bool {
        try await BackendProcess.with(arguments: arguments) { backend in
            try await backend.armCrash(passing: passing)
            let answer = try? await backend.exchange("POST", "/v1/accounts", body: signUpBody(handle))
            if await backend.isGone() { return true }
            #expect(answer?.status == 201, "\(String(describing: answer))")
            return false
        }
    }

    private static func signUpBody(_ handle: String) -> String {
        #"{"handle": "\#(handle)", "display_name": "T", "password": "\#(password)"}"#
    }
}
