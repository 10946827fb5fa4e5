import Services

/// A service set that lacks a service a subject needs.
public struct MissingService: Error, CustomStringConvertible {
    /// The service the set lacks.
    public let service: ServiceKind

    /// `"the integration provides no posts service"`.
    public var description: String { "the integration provides no \(service) service" }
}

extension ServiceSet {
    /// The service under `key`, or `MissingService`.
    func required<Service>(_ key: ServiceKey<Service>) throws -> Service {
        guard let service = service(key) else { throw MissingService(service: key.kind) }
        return service
    }
}

extension PostServiceSubject {
    /// A subject over an integration's `services`: its posts and users, and the other listings it
    /// has (for the checks that need another listing).
    public init(services: ServiceSet, hooks: SubjectHooks<PostServiceSubject> = SubjectHooks()) throws {
        self.init(
            posts: try services.required(.posts),
            users: try services.required(.users),
            library: services.service(.library),  // part of: library
            hooks: hooks)
    }
}

extension UserServiceSubject {
    /// A subject over an integration's `services`.
    public init(services: ServiceSet, hooks: SubjectHooks<UserServiceSubject> = SubjectHooks()) throws {
        self.init(users: try services.required(.users), hooks: hooks)
    }
}

// begin part of: library
extension VideoLibraryServiceSubject {
    /// A subject over an integration's `services`: its library, and its posts and users when it
    /// has them (for `.otherListing`).
    public init(services: ServiceSet, hooks: SubjectHooks<VideoLibraryServiceSubject> = SubjectHooks()) throws {
        let feed = services.service(.posts).flatMap { posts in services.service(.users).map { (posts, $0) } }
        self.init(library: try services.required(.library), feed: feed, hooks: hooks)
    }
}
// end part of: library

// begin part of: hosting
extension VideoHostingServiceSubject {
    /// A subject over an integration's `services`, with none of the host's test controls.
    public init(services: ServiceSet, hooks: SubjectHooks<VideoHostingServiceSubject> = SubjectHooks()) throws {
        self.init(hosting: try services.required(.hosting), hooks: hooks)
    }
}
// end part of: hosting

// begin part of: authentication
extension AuthenticationServiceSubject {
    /// A subject over an integration's `services`: its authentication and users.
    public init(services: ServiceSet, hooks: SubjectHooks<AuthenticationServiceSubject> = SubjectHooks()) throws {
        self.init(
            authentication: try services.required(.authentication), users: try services.required(.users), hooks: hooks)
    }
}
// end part of: authentication
