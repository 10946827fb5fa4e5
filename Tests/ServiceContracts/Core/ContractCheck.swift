import Testing

/// One named rule of a service contract, run against a fresh subject.
///
/// A check is a value, not a `@Test`: each integration runs the whole list through its own
/// parameterized test, so every check shows as a test case named after the rule, inside a test
/// named after the integration.
public struct ContractCheck<Subject: ContractSubject>: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    /// A stable, unique name that says what the rule is, e.g. `"feed is newest first"`.
    public let name: String
    /// What the fixture must support for this check to run.
    public let requirements: Set<ContractCapability>
    private let body: @Sendable (Subject) async throws -> Void

    /// Creates a check named `name` that needs `requirements` and runs `body` on a fresh subject.
    public init(
        _ name: String,
        requires requirements: Set<ContractCapability> = [],
        body: @escaping @Sendable (Subject) async throws -> Void
    ) {
        self.name = name
        self.requirements = requirements
        self.body = body
    }

    /// Makes a subject with `fixture`, runs the check on it and tears it down, also when the check fails.
    ///
    /// Expectations that fail inside the check are recorded as issues of the calling test; errors
    /// thrown by the service are rethrown and fail the test too.
    public func run(with fixture: ContractFixture<Subject>) async throws {
        let subject = try await fixture.makeSubject()
        do {
            try await body(subject)
        } catch {
            await subject.tearDown()
            throw error
        }
        await subject.tearDown()
    }

    /// Whether `fixture` supports everything this check needs.
    public func isSupported(by fixture: ContractFixture<Subject>) -> Bool {
        requirements.isSubset(of: fixture.capabilities)
    }

    /// The check's name: how each case of a contract test is shown.
    public var testDescription: String { name }

    /// The check's name.
    public var description: String { name }
}
