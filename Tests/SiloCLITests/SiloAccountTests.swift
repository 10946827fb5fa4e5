// scripts/remove-service deletes this file with the service it is part of: authentication
import Foundation
import TestSupport
import Testing

/// `silo sign-up`, `sign-in`, `sign-out` and `whoami`, on a store on this device (no passwords:
/// the device is the account) and over HTTP (passwords, read from standard input here).
@Suite("silo accounts")
struct SiloAccountTests {
    @Test(
        "on a device-local integration: sign up, act as the user, sign out, sign back in by handle",
        .requires(Defaults.keeping(.authentication) != nil, "needs an integration that keeps who is signed in"))
    func deviceLocal() async throws {
        let silo = try SiloRunner(keeping: .authentication)
        #expect(try await silo.run("whoami").standardOutput == "Nobody is signed in.\n")
        let signedUp = try await silo.run("sign-up", "Ada", "--name", "Ada L.")
        #expect(signedUp.status == 0 && signedUp.standardOutput.contains("Signed in as Ada L. @ada"), "\(signedUp)")
        #expect(try await silo.run("post", "by ada").status == 0)
        #expect(try await silo.run("user").standardOutput.hasPrefix("Ada L. @ada"))

        let signedOut = try await silo.run("sign-out")
        #expect(signedOut.standardOutput == "Signed out.\n", "\(signedOut)")
        #expect(try await silo.run("user").standardOutput.hasPrefix("Silo Demo @silo_demo"))

        #expect(try await silo.run("sign-in", "ADA").standardOutput.contains("@ada"))
        #expect(try await silo.run("feed").standardOutput.contains("by ada"))
        #expect(try await silo.run("user", environment: ["SILO_USER": "bob"]).standardOutput.hasPrefix("bob @bob"))
    }

    // begin part of: HTTPBackend
    @Test(
        "over HTTP: a password signs in; a wrong one, or another device's user, is refused",
        .requires(Defaults.integration(named: "http") != nil, "needs the HTTP integration and silo-backend"))
    func overHTTP() async throws {
        let backend = try await BackendChild.start(arguments: ["--store", "memory", "--password-iterations", "1000"])
        defer { backend.process.terminate() }
        let http = ["SILO_POSTS": "http", "SILO_BACKEND_URL": backend.url.absoluteString]
        let silo = try SiloRunner()

        let signedUp = try await silo.run(
            "sign-up", "carol", "--password-stdin", environment: http, input: "correct horse")
        #expect(signedUp.status == 0 && signedUp.standardOutput.contains("@carol"), "\(signedUp)")
        #expect(!signedUp.standardOutput.contains("correct horse") && !signedUp.standardError.contains("correct horse"))
        #expect(try await silo.run("post", "carol over http", environment: http).status == 0)
        #expect(try await silo.run("sign-out", environment: http).status == 0)

        let wrong = try await silo.run("sign-in", "carol", "--password-stdin", environment: http, input: "wrong horse")
        #expect(wrong.status == 1 && wrong.standardError.contains("wrong handle or password"), "\(wrong)")
        let short = try await silo.run("sign-up", "dave", "--password-stdin", environment: http, input: "short")
        #expect(short.status == 1 && short.standardError.contains("at least 8 bytes"), "\(short)")
        let noTerminal = try await silo.run("sign-in", "carol", environment: http, input: "correct horse")
        #expect(noTerminal.status == 1 && noTerminal.standardError.contains("--password-stdin"), "\(noTerminal)")

        let right = try await silo.run(
            "sign-in", "Carol", "--password-stdin", environment: http, input: "correct horse")
        #expect(right.status == 0, "\(right)")
        #expect(try await silo.run("feed", environment: http).standardOutput.contains("carol over http"))

        // Another device (working directory) naming carol holds no session for her
        let elsewhere = try SiloRunner()
        let impostor = try await elsewhere.run(
            "post", "not carol", environment: http.merging(["SILO_USER": "carol"]) { $1 })
        #expect(impostor.status == 1 && impostor.standardError.contains("not signed in here"), "\(impostor)")

        // With the backend gone, signing out still forgets the session on this device
        try await backend.process.kill()
        let offline = try await silo.run("sign-out", environment: http)
        #expect(offline.status == 0 && offline.standardOutput.contains("Signed out."), "\(offline)")
        let nobody = try await silo.run("whoami", environment: http)
        #expect(nobody.status == 0 && nobody.standardOutput == "Nobody is signed in.\n", "\(nobody)")
    }

    @Test(
        "over HTTP: the password prompt shows a handle typed with control characters escaped",
        .requires(Defaults.integration(named: "http") != nil, "needs the HTTP integration and silo-backend"),
        .requires(SiloConventionTests.hasUtilLinuxScript, "needs util-linux script(1) for a terminal (Linux)"))
    func promptEscapesTheHandle() async throws {
        let backend = try await BackendChild.start(arguments: ["--store", "memory", "--password-iterations", "1000"])
        defer { backend.process.terminate() }
        let silo = try SiloRunner()

        let shown = try await silo.inTerminal(
            #""$APP_BINARY" sign-in "$(printf 'eve\033[2J')""#,
            environment: ["SILO_POSTS": "http", "SILO_BACKEND_URL": backend.url.absoluteString],
            input: "not her password\n")

        #expect(shown.contains("Password for eve\\u{1B}[2J: "), "\(shown.debugDescription)")
        #expect(!shown.contains("\u{1B}[2J"), "\(shown.debugDescription)")
    }

    @Test(
        "over HTTP: two processes of the app meeting an expired session together send one refresh, and both go on",
        .requires(Defaults.integration(named: "http") != nil, "needs the HTTP integration and silo-backend"))
    func twoProcessesRenewOnce() async throws {
        let backend = try await BackendChild.start(arguments: [
            "--store", "memory", "--test-controls", "--password-iterations", "1000",
        ])
        defer { backend.process.terminate() }
        // The longest attempt timeout: a held refresh is answered when the test says, never timed out
        let http = [
            "SILO_POSTS": "http", "SILO_BACKEND_URL": backend.url.absoluteString, "SILO_BACKEND_TIMEOUT": "3600",
        ]
        let silo = try SiloRunner()
        let signedUp = try await silo.run(
            "sign-up", "erin", "--password-stdin", environment: http, input: "correct horse")
        #expect(signedUp.status == 0, "\(signedUp)")

        // Given erin's access token expired, and the first process's refresh held at the backend
        try await backend.control("POST", "/_test/expire-tokens")
        let hold = #"{"method": "POST", "path": "/v1/sessions/refresh", "hold": true, "times": 1}"#
        try await backend.control("POST", "/_test/faults", body: hold)
        let first = try silo.start("post", "from the first process", environment: http)
        try await HangGuard.run("the first process's refresh held") {
            _ = try await backend.control("GET", "/_test/held?count=1")
        }

        // When the second process meets the same 401, and waits for the first one's renewal
        let second = try silo.start("post", "from the second process", "--verbose", environment: http)
        try await second.waitForLine(fromStandardError: true) {
            $0.hasPrefix("session: waiting for another client's renewal of user ")
        }
        try await backend.control("POST", "/_test/release")

        // Then both post with the first one's renewed session, and the backend saw one refresh
        #expect(try await first.waitForExit() == 0, "\(first.errorOutput)")
        #expect(try await second.waitForExit() == 0, "\(second.errorOutput)")
        let counts = try JSONDecoder().decode(
            [String: Int].self, from: Data(try await backend.control("GET", "/_test/requests").utf8))
        #expect(counts["POST /v1/sessions/refresh"] == 1, "\(counts)")
        let feed = try await silo.run("feed", environment: http).standardOutput
        #expect(feed.contains("from the first process") && feed.contains("from the second process"), "\(feed)")
    }
    // end part of: HTTPBackend
}
