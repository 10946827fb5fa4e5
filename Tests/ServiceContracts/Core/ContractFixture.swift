/// How an integration makes a fresh subject for each contract check, and what else it supports.
///
/// An integration's test target builds one fixture per service and passes
/// `Contract.checks(supportedBy: fixture)` to `@Test(arguments:)`.
public struct ContractFixture<Subject: ContractSubject>: Sendable {
    /// The integration's name as it should appear in test names, e.g. `"SQLite (file)"`.
    public let integration: String
    /// What the fixture can do beyond making a fresh subject.
    public let capabilities: Set<ContractCapability>
    private let make: @Sendable (ContractClock) async throws -> Subject

    /// Creates a fixture for `integration` that makes subjects with `make`.
    ///
    /// - Parameters:
    ///   - integration: the name that prefixes every failure message.
    ///   - capabilities: what `make`'s subjects support; checks needing anything else are excluded.
    ///   - make: makes a fresh, started subject with no data; called once per check with the
    ///     check's wall clock. A fixture declaring `.injectedClock` configures the integration
    ///     with `clock.now` as its source of `createdAt`; others may ignore it.
    public init(
        integration: String,
        capabilities: Set<ContractCapability> = [],
        make: @escaping @Sendable (_ clock: ContractClock) async throws -> Subject
    ) {
        self.integration = integration
        self.capabilities = capabilities
        self.make = make
    }

    /// Makes a fresh subject on `clock`.
    public func makeSubject(clock: ContractClock) async throws -> Subject {
        try await make(clock)
    }
}
