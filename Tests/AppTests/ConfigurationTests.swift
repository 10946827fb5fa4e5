import App
import Foundation
import Services
import TestSupport
import Testing

/// The composition follows `ServiceProvider.defaultChoices` and `ServiceKind.declarations`: these
/// tests read them rather than repeat them, so swapping an integration by the documented one-line
/// edit keeps them green.
@Suite("AppConfiguration and ServiceProvider choices")
struct ConfigurationTests {
    /// The defaults with every served-with service following its leader.
    static var expectedDefaults: [ServiceKind: IntegrationDescription] {
        var choices = ServiceProvider.defaultChoices
        for service in ServiceKind.allCases {
            if let leader = service.servedWith { choices[service] = choices[leader] }
        }
        return choices
    }

    @Test("No configuration gives the default choices, under ./.silo")
    func defaults() throws {
        let configuration = try AppConfiguration.load(environment: [:])
        #expect(configuration.dataDirectory.lastPathComponent == ".silo")
        #expect(configuration.overrides.isEmpty)
        let composition = try AppComposition(configuration: configuration)
        #expect(composition.services.choices == Self.expectedDefaults)
        #expect(Set(ServiceKind.allCases) == Set(composition.services.choices.keys))
    }

    @Test("Every default choice names an integration in the catalogue that provides the service")
    func defaultsAreServable() {
        for (service, choice) in ServiceProvider.defaultChoices {
            #expect(IntegrationCatalog.integration(named: choice.name) == choice, "\(service)")
            #expect(choice.services.contains(service), "\(choice.name) does not provide \(service)")
        }
    }

    @Test("Each integration provides exactly the services its description declares")
    func descriptionsMatchIntegrations() throws {
        let directory = try TemporaryDirectory(prefix: "describe")
        let context = IntegrationContext(dataDirectory: directory.url, environment: [:])
        for description in IntegrationCatalog.all {
            let integration = description.makeIntegration(context)
            #expect(integration.services.kinds == description.services, "\(description.name)")
        }
    }

    @Test("An override moves one service, and a service served with it follows")
    func overrides() throws {
        let leader = try #require(
            ServiceKind.allCases.first { service in ServiceKind.allCases.contains { $0.servedWith == service } })
        let other = try #require(
            IntegrationCatalog.all.first { $0.services.contains(leader) && $0 != Self.expectedDefaults[leader] })
        let configuration = try AppConfiguration.load(environment: [
            AppConfiguration.variable(for: leader): " \(other.name.uppercased()) "
        ])
        let composition = try AppComposition(configuration: configuration)
        // A service follows its leader's leader too (authentication follows users, which follows posts).
        func follows(_ service: ServiceKind) -> Bool {
            service == leader || service.servedWith.map(follows) == true
        }
        for service in ServiceKind.allCases {
            let moved = follows(service)
            #expect(
                composition.services.choices[service] == (moved ? other : Self.expectedDefaults[service]), "\(service)")
        }
    }

    @Test("An unknown integration name is rejected with the names that serve that service, and the nearest")
    func unknownName() {
        let variable = AppConfiguration.variable(for: .posts)
        #expect(throws: ConfigurationError.unknownIntegration(name: "postgres", service: .posts)) {
            try AppConfiguration.load(environment: [variable: "postgres"])
        }
        let message = ConfigurationError.unknownIntegration(name: "sqlit", service: .posts).description
        for integration in IntegrationCatalog.all {
            #expect(message.contains(integration.name) == integration.services.contains(.posts), "\(message)")
        }
        #expect(message.contains("did you mean sqlite?"), "\(message)")
        #expect(!ConfigurationError.unknownIntegration(name: "postgres", service: .posts).description.contains("mean"))
    }

    @Test("Test children never inherit the app's settings: their prefix is the app's")
    func childrenDropTheAppsPrefix() {
        #expect(RunningChild.appVariablePrefix == AppConfiguration.environmentPrefix)
    }

    @Test("A SILO_ variable nothing reads is reported with the known one nearest to it, if any")
    func unknownVariables() {
        let environment = [
            "SILO_POST": "memory", "SILO_COMMENTS": "memory", "SILO_POSTS": "memory", "SILO_DATA_DIR": "/tmp",
            "SILO_DATA_DRI": "/tmp", "SILO_USER": "ada", "HOME": "/root",
        ]
        #expect(
            AppConfiguration.unknownVariables(in: environment, alsoRead: ["SILO_USER"]) == [
                UnknownVariable(name: "SILO_COMMENTS", closest: nil),
                UnknownVariable(name: "SILO_DATA_DRI", closest: "SILO_DATA_DIR"),
                UnknownVariable(name: "SILO_POST", closest: "SILO_POSTS"),
            ])
        #expect(AppConfiguration.unknownVariables(in: ["SILO_USER": "ada"]).map(\.name) == ["SILO_USER"])
        for known in AppConfiguration.knownVariables {
            #expect(AppConfiguration.unknownVariables(in: [known: "x"]).isEmpty, "\(known)")
        }
    }

    @Test("An integration that cannot serve a service is rejected, naming the ones that can")
    func unsupported() throws {
        for service in ServiceKind.allCases where service.servedWith == nil {
            guard let unable = IntegrationCatalog.all.first(where: { !$0.services.contains(service) }) else { continue }
            let configuration = try AppConfiguration.load(environment: [
                AppConfiguration.variable(for: service): unable.name
            ])
            #expect(throws: ConfigurationError.unsupportedIntegration(unable.name, service: service)) {
                try AppComposition(configuration: configuration)
            }
        }
    }

    @Test("A service served apart from the one it must come with is rejected")
    func servedApart() throws {
        for service in ServiceKind.allCases {
            guard let leader = service.servedWith, let leaderChoice = Self.expectedDefaults[leader],
                let other = IntegrationCatalog.all.first(where: { $0.services.contains(service) && $0 != leaderChoice })
            else { continue }
            let configuration = try AppConfiguration.load(environment: [
                AppConfiguration.variable(for: service): other.name
            ])
            #expect(
                throws: ConfigurationError.servedApart(
                    service, from: leader, serviceChoice: other.name, leaderChoice: leaderChoice.name)
            ) { try AppComposition(configuration: configuration) }
        }
    }

    @Test("The data directory and verbosity come from the environment; an empty value counts as unset")
    func environment() throws {
        let configuration = try AppConfiguration.load(environment: [
            "SILO_DATA_DIR": "/tmp/silo-x", "SILO_VERBOSE": "1",
        ])
        #expect(configuration.dataDirectory.path == "/tmp/silo-x")
        #expect(configuration.isVerbose)
        let unset = try AppConfiguration.load(environment: ["SILO_DATA_DIR": "", "SILO_POSTS": ""])
        #expect(unset.dataDirectory.lastPathComponent == ".silo")
        #expect(unset.overrides.isEmpty)
    }

    @Test("A secret setting never appears in descriptions, dumps or the settings report")
    func secretsRedacted() throws {
        let secrets = IntegrationCatalog.settings.filter(\.isSecret)
        let environment = Dictionary(
            uniqueKeysWithValues: secrets.map { ($0.environmentVariable, "sk_live_DO_NOT_PRINT") })
        let configuration = try AppConfiguration.load(environment: environment)
        let composition = try AppComposition(configuration: configuration)
        var dumped = ""
        dump(configuration, to: &dumped)
        dump(composition, to: &dumped)
        for text in [configuration.description, "\(configuration)", String(reflecting: configuration), dumped]
            + composition.settingsReport
        {
            #expect(!text.contains("sk_live_DO_NOT_PRINT"), "\(text)")
        }
    }
}
