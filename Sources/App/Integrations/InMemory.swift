import InMemoryIntegration

extension IntegrationDescription {
    /// The in-memory reference integration: every service, nothing survives the process.
    public static let memory = IntegrationDescription(
        name: "memory", services: [.posts, .users, .library, .hosting, .authentication], keepsData: false
    ) { _ in
        InMemoryIntegration()
    }
}
