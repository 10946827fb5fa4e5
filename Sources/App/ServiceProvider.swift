import InMemoryIntegration
import MockVideoHostIntegration
import SQLiteIntegration
import Services

/// The one place where an integration is picked for each service.
///
/// To swap an integration for a service, edit its line in `defaultChoices`; nothing else in the
/// app names a concrete integration service. For demos, UI tests and offline work, the
/// environment can override a choice per service (`SILO_POSTS=memory`) without editing code.
///
/// Posts check that their author exists, so users always come from the posts' integration.
public struct ServiceProvider: Sendable {
    /// The integration that serves each service when the environment does not say otherwise.
    public static let defaultChoices: [ServiceKind: IntegrationChoice] = [
        .posts: .sqlite,
        .library: .sqlite,
        .videos: .mockhost,
    ]

    /// Publishes and lists posts.
    public let posts: any PostService
    /// Creates and finds users; always from the same integration as `posts`.
    public let users: any UserService
    /// The user's saved videos.
    public let library: any VideoLibraryService
    /// Uploads and processes videos.
    public let videoHosting: any VideoHostingService
    /// Which integration serves each service, for the `integrations` report.
    public let choices: [ServiceKind: IntegrationChoice]

    /// Picks each service from `integrations` according to `choices`.
    ///
    /// - Throws: `ConfigurationError.unsupportedIntegration` when a choice names an integration
    ///   that does not implement the service, `.missingChoice` when a service has no choice.
    init(choices: [ServiceKind: IntegrationChoice], integrations: IntegrationSet) throws(ConfigurationError) {
        self.choices = choices
        switch choices[.posts] {
        case .sqlite?: posts = integrations.sqlite().postService
        case .memory?: posts = integrations.memory().postService
        case let other?: throw .unsupportedIntegration(other, service: .posts)
        case nil: throw .missingChoice(service: .posts)
        }
        switch choices[.users] {
        case .sqlite?: users = integrations.sqlite().userService
        case .memory?: users = integrations.memory().userService
        case let other?: throw .unsupportedIntegration(other, service: .users)
        case nil: throw .missingChoice(service: .users)
        }
        switch choices[.library] {
        case .sqlite?: library = integrations.sqlite().videoLibraryService
        case .memory?: library = integrations.memory().videoLibraryService
        case let other?: throw .unsupportedIntegration(other, service: .library)
        case nil: throw .missingChoice(service: .library)
        }
        switch choices[.videos] {
        case .mockhost?: videoHosting = integrations.mockVideoHost().videoHostingService
        case .memory?: videoHosting = integrations.memory().videoHostingService
        case let other?: throw .unsupportedIntegration(other, service: .videos)
        case nil: throw .missingChoice(service: .videos)
        }
    }

    /// The choice for every service: the defaults, then the overrides, with users following posts.
    ///
    /// - Throws: `ConfigurationError.postsAndUsersSplit` when an override would serve posts and
    ///   users from different integrations.
    static func choices(overrides: [ServiceKind: IntegrationChoice]) throws(ConfigurationError) -> [ServiceKind:
        IntegrationChoice]
    {
        var choices = defaultChoices.merging(overrides) { _, override in override }
        let posts = choices[.posts] ?? .sqlite
        if let users = overrides[.users], users != posts {
            throw .postsAndUsersSplit(posts: posts, users: users)
        }
        choices[.users] = posts
        return choices
    }
}
