import Services

/// Every service's contract, by service: what the coverage tests and the docs read, so a service
/// declared in `ServiceKind` without a contract fails a test naming it.
public enum ContractCatalog {
    /// One contract's checks, by name, with what each needs.
    public struct Summary: Sendable {
        /// The contract's type, e.g. `"PostServiceContract"`.
        public let contract: String
        /// Each check's name and requirements, in the contract's order.
        public let checks: [(name: String, requirements: Set<ContractCapability>)]

        init<Contract: ServiceContract>(_: Contract.Type) {
            contract = String(describing: Contract.self)
            checks = Contract.checks.map { ($0.name, $0.requirements) }
        }
    }

    /// The contract of each service. Register a new service's contract here.
    public static let contracts: [ServiceKind: Summary] = [
        .posts: Summary(PostServiceContract.self),
        .users: Summary(UserServiceContract.self),
        .library: Summary(VideoLibraryServiceContract.self),
        .hosting: Summary(VideoHostingServiceContract.self),  // part of: hosting
        .authentication: Summary(AuthenticationServiceContract.self),
    ]
}
