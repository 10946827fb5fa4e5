import Services
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
    /// How the wall clock handed to the fixture moves during the check.
    public let clockMode: ContractClock.Mode
    /// The other service this check is also part of, when it checks the contract's service
    /// together with that one (the feed refusing a library cursor); see `part(of:)`.
    public private(set) var partOf: ServiceKind?
    private let body: @Sendable (Subject, ContractClock) async throws -> Void

    /// Creates a check named `name` that needs `requirements` and runs `body` on a fresh subject.
    ///
    /// The fixture gets a ticking `ContractClock`; the check does not look at it.
    public init(
        _ name: String,
        requires requirements: Set<ContractCapability> = [],
        body: @escaping @Sendable (Subject) async throws -> Void
    ) {
        self.name = name
        self.requirements = requirements
        clockMode = .ticking
        self.body = { subject, _ in try await body(subject) }
    }

    /// Creates a check that drives the integration's wall clock itself: it needs `.injectedClock`
    /// besides `requirements`, and `body` gets the clock in `mode` (`.manual` by default).
    public init(
        _ name: String,
        requires requirements: Set<ContractCapability> = [],
        clock mode: ContractClock.Mode = .manual,
        body: @escaping @Sendable (Subject, ContractClock) async throws -> Void
    ) {
        self.name = name
        self.requirements = requirements.union([.injectedClock])
        clockMode = mode
        self.body = body
    }

    /// This check, said to be part of `service` too: `Docs/ContractTests.md` marks its row as part
    /// of `service`, so `scripts/remove-service` takes the row along with the check's code.
    public func part(of service: ServiceKind) -> Self {
        var check = self
        check.partOf = service
        return check
    }

    /// Makes a subject with `fixture`, runs the check on it and tears it down, also when the check fails.
    ///
    /// Expectations that fail inside the check are recorded as issues of the calling test; errors
    /// thrown by the service are rethrown and fail the test too.
    public func run(with fixture: ContractFixture<Subject>) async throws {
        let clock = ContractClock(mode: clockMode)
        let subject = try await fixture.makeSubject(clock: clock)
        do {
            try await body(subject, clock)
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
