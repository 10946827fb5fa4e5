import Services

/// Every service's contract, by service: what the coverage tests and the docs read, so a service
/// declared in `ServiceKind` without a contract fails a test naming it.
public enum ContractCatalog {
    /// One contract's checks, by name, with what each needs.
    public struct Summary: Sendable {
        /// The contract's type, e.g. `"PostServiceContract"`.
        public let contract: String
        /// Each check's name, requirements and the other service it is part of, if any, in the
        /// contract's order.
        public let checks: [(name: String, requirements: Set<ContractCapability>, partOf: ServiceKind?)]

        init<Contract: ServiceContract>(_: Contract.Type) {
            contract = String(describing: Contract.self)
            checks = Contract.checks.map { ($0.name, $0.requirements, $0.partOf) }
        }
    }

    /// The contract of each service. Register a new service's contract here.
    public static let contracts: [ServiceKind: Summary] = [
        .posts: Summary(PostServiceContract.self),
        .users: Summary(UserServiceContract.self),
        .library: Summary(VideoLibraryServiceContract.self),  // part of: library
        .hosting: Summary(VideoHostingServiceContract.self),  // part of: hosting
        .authentication: Summary(AuthenticationServiceContract.self),  // part of: authentication
    ]
}
