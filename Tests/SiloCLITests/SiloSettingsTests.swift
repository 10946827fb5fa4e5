import Foundation
import TestSupport
import Testing

/// Every setting is checked before anything runs: a value the app cannot work with is a usage
/// error (exit 64) that names the variable and says what would do, never a crash or a vague
/// failure later.
@Suite("silo checks its settings at start-up")
struct SiloSettingsTests {
    // begin part of: HTTPBackend
    /// The HTTP integration's settings.
    @Suite(
        .requires(Defaults.integration(named: "http") != nil, "needs the HTTP integration, whose settings these are"))
    struct BackendSettings {
        struct BadSetting: Sendable, CustomTestStringConvertible {
            let variable: String
            let value: String
            let says: String
            var testDescription: String { "\(variable)=\(value)" }
        }

        static let cases: [BadSetting] = [
            BadSetting(variable: "SILO_BACKEND_URL", value: "ftp://127.0.0.1/x", says: "is not an http(s) URL"),
            BadSetting(variable: "SILO_BACKEND_URL", value: "http://example.com", says: "use https://example.com"),
            BadSetting(
                variable: "SILO_BACKEND_URL", value: "http://127.0.0.1:99999", says: "port 99999 is not a TCP port"),
            BadSetting(variable: "SILO_BACKEND_URL", value: "not a url", says: "http"),
            BadSetting(variable: "SILO_BACKEND_TIMEOUT", value: "inf", says: "from 0.1 to 3600"),
            BadSetting(variable: "SILO_BACKEND_TIMEOUT", value: "1e300", says: "from 0.1 to 3600"),
            BadSetting(variable: "SILO_BACKEND_TIMEOUT", value: "0", says: "from 0.1 to 3600"),
            BadSetting(variable: "SILO_BACKEND_TIMEOUT", value: "ten", says: "from 0.1 to 3600"),
            BadSetting(
                variable: "SILO_BACKEND_TRANSPORT", value: "curl", says: "give automatic, sockets or urlsession"),
        ]

        @Test("a setting the app cannot work with is a usage error naming it", arguments: cases)
        func badSetting(_ bad: BadSetting) async throws {
            let silo = try SiloRunner()
            let outcome = try await silo.run("feed", environment: ["SILO_POSTS": "http", bad.variable: bad.value])
            #expect(outcome.status == 64, "exit \(outcome.status): \(outcome.standardError)")
            #expect(outcome.standardError.contains(bad.variable), "\(outcome.standardError)")
            #expect(outcome.standardError.contains(bad.says), "\(outcome.standardError)")
            #expect(outcome.standardOutput.isEmpty)
        }
    }
    // end part of: HTTPBackend

    @Test("a SILO_ variable nothing reads is a warning naming the one it most likely meant, and the command runs")
    func unknownVariable() async throws {
        let silo = try SiloRunner()
        let outcome = try await silo.run(
            "integrations", environment: ["SILO_POST": "memory", "SILO_COMMENTS": "memory", "SILO_USER": "ada"])
        #expect(outcome.status == 0, "exit \(outcome.status): \(outcome.standardError)")
        #expect(
            outcome.standardError.contains(
                "warning: SILO_POST is not a setting this app reads; did you mean SILO_POSTS?"),
            "\(outcome.standardError)")
        #expect(outcome.standardError.contains("warning: SILO_COMMENTS is not a setting"), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("SILO_USER"), "\(outcome.standardError)")
    }

    @Test("a mistyped command or integration name is refused with the nearest one")
    func typos() async throws {
        let silo = try SiloRunner()
        let command = try await silo.run("fed")
        #expect(command.status == 64)
        #expect(
            command.standardError.contains("Error: Unknown command 'fed'. Did you mean 'feed'?"),
            "\(command.standardError)")
        let integration = try await silo.run("feed", environment: ["SILO_POSTS": "sqlit"])
        #expect(integration.status == 64)
        #expect(integration.standardError.contains("did you mean sqlite?"), "\(integration.standardError)")
        // begin part of: MockVideoHost
        #expect(!integration.standardError.contains("mockhost"), "\(integration.standardError)")
        // end part of: MockVideoHost
    }
}
