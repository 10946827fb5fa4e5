import InMemoryIntegration

extension IntegrationDescription {
    /// The in-memory reference integration: every service, nothing survives the process.
    public static let memory = IntegrationDescription(
        name: "memory", services: [.posts, .users, .library, .hosting], keepsData: false
    ) { _ in
        InMemoryIntegration()
    }
}
