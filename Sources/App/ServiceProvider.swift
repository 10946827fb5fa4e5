import Services

/// The one place where an integration is picked for each service.
///
/// To swap an integration for a service, edit its line in `defaultChoices`. For demos, UI tests
/// and offline work the environment can override a choice per run (`SILO_POSTS=memory`) without
/// editing code. A service declared as served with another (users with posts, in
/// `ServiceKind.declarations`) follows that one's choice unless overridden to the same.
public struct ServiceProvider: Sendable {
    /// The integration that serves each service when the environment does not say otherwise.
    public static let defaultChoices: [ServiceKind: IntegrationDescription] = [
        .posts: .sqlite,
        .library: .sqlite,
        .hosting: .mockVideoHost,
    ]

    /// Publishes and lists posts.
    public let posts: any PostService
    /// Creates and finds users; from the same integration as `posts`.
    public let users: any UserService
    /// The user's saved videos.
    public let library: any VideoLibraryService  // part of: library
    /// Uploads and processes videos.
    public let hosting: any VideoHostingService  // part of: hosting
    /// Signs people up, in and out; from the same integration as `users`.
    public let authentication: any AuthenticationService  // part of: authentication
    /// Which integration serves each service, for reports.
    public let choices: [ServiceKind: IntegrationDescription]

    /// Picks each service from the integration `choices` names, in `integrations` (by name).
    init(choices: [ServiceKind: IntegrationDescription], integrations: [String: ServiceSet]) throws(ConfigurationError)
    {
        self.choices = choices
        func pick<Service>(_ key: ServiceKey<Service>) throws(ConfigurationError) -> Service {
            guard let choice = choices[key.kind] else { throw .missingChoice(service: key.kind) }
            guard let service = integrations[choice.name]?.service(key) else {
                throw .unsupportedIntegration(choice.name, service: key.kind)
            }
            return service
        }
        posts = try pick(.posts)
        users = try pick(.users)
        library = try pick(.library)  // part of: library
        hosting = try pick(.hosting)  // part of: hosting
        authentication = try pick(.authentication)  // part of: authentication
    }

    /// The choice for every service: the defaults, then the overrides; a service served with
    /// another follows it.
    ///
    /// - Throws: `ConfigurationError` for an override naming an integration that does not provide
    ///   the service, or one that would serve a service apart from the one it is served with.
    static func choices(
        overrides: [ServiceKind: IntegrationDescription]
    ) throws(ConfigurationError) -> [ServiceKind: IntegrationDescription] {
        var choices = defaultChoices.merging(overrides) { _, override in override }
        for service in ServiceKind.allCases {
            guard let leader = service.servedWith, let leaderChoice = choices[leader] else { continue }
            if let own = overrides[service], own.name != leaderChoice.name {
                throw .servedApart(service, from: leader, serviceChoice: own.name, leaderChoice: leaderChoice.name)
            }
            choices[service] = leaderChoice
        }
        for service in ServiceKind.allCases {
            if let choice = choices[service], !choice.services.contains(service) {
                throw .unsupportedIntegration(choice.name, service: service)
            }
        }
        return choices
    }
}
