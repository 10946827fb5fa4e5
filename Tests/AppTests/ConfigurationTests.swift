import App
import Foundation
import Testing

@Suite("AppConfiguration and ServiceProvider choices")
struct ConfigurationTests {
    @Test("No configuration gives the embedded default under ./.silo")
    func defaults() throws {
        let (configuration, remaining) = try AppConfiguration.load(environment: [:], arguments: ["feed"])
        #expect(configuration.dataDirectory.lastPathComponent == ".silo")
        #expect(configuration.overrides.isEmpty)
        #expect(remaining == ["feed"])
        let composition = try AppComposition(configuration: configuration)
        #expect(
            composition.services.choices == [.posts: .sqlite, .users: .sqlite, .library: .sqlite, .videos: .mockhost])
    }

    @Test("An override moves one service, and users follow posts")
    func overrides() throws {
        let (configuration, _) = try AppConfiguration.load(environment: ["SILO_POSTS": " Memory "], arguments: [])
        let composition = try AppComposition(configuration: configuration)
        #expect(composition.services.choices[.posts] == .memory)
        #expect(composition.services.choices[.users] == .memory)
        #expect(composition.services.choices[.library] == .sqlite)
    }

    @Test("An unknown integration name is rejected with the valid names")
    func unknownName() {
        #expect(throws: ConfigurationError.unknownIntegration(name: "postgres", variable: "SILO_POSTS")) {
            try AppConfiguration.load(environment: ["SILO_POSTS": "postgres"], arguments: [])
        }
        #expect(
            ConfigurationError.unknownIntegration(name: "x", variable: "SILO_POSTS").description.contains(
                "sqlite, memory"))
    }

    @Test("An integration that cannot serve a service is rejected")
    func unsupported() throws {
        let (configuration, _) = try AppConfiguration.load(environment: ["SILO_VIDEOS": "sqlite"], arguments: [])
        #expect(throws: ConfigurationError.unsupportedIntegration(.sqlite, service: .videos)) {
            try AppComposition(configuration: configuration)
        }
    }

    @Test("Posts and users from different integrations are rejected")
    func split() throws {
        let (configuration, _) = try AppConfiguration.load(environment: ["SILO_USERS": "memory"], arguments: [])
        #expect(throws: ConfigurationError.postsAndUsersSplit(posts: .sqlite, users: .memory)) {
            try AppComposition(configuration: configuration)
        }
    }

    @Test("Options before the command set the data directory and verbosity; the rest is the command's")
    func flags() throws {
        let (configuration, remaining) = try AppConfiguration.load(
            environment: [:],
            arguments: ["--data-dir", "/tmp/silo-x", "--verbose", "post", "--verbose", "-v"]
        )
        #expect(configuration.dataDirectory.path == "/tmp/silo-x")
        #expect(configuration.isVerbose)
        #expect(remaining == ["post", "--verbose", "-v"], "options after the command belong to the command")
        let (_, afterTerminator) = try AppConfiguration.load(environment: [:], arguments: ["--", "--verbose"])
        #expect(afterTerminator == ["--verbose"])
        #expect(throws: ConfigurationError.missingValue(flag: "--data-dir")) {
            try AppConfiguration.load(environment: [:], arguments: ["--data-dir"])
        }
    }

    @Test("The API key never appears in descriptions, dumps or interpolations")
    func secretRedacted() throws {
        let key = "sk_live_DO_NOT_PRINT"
        let (configuration, _) = try AppConfiguration.load(environment: ["SILO_VIDEO_HOST_API_KEY": key], arguments: [])
        var dumped = ""
        dump(configuration, to: &dumped)
        for text in [configuration.description, "\(configuration)", String(reflecting: configuration), dumped] {
            #expect(!text.contains(key))
        }
        #expect(configuration.videoHostAPIKey.reveal() == key)
    }
}
