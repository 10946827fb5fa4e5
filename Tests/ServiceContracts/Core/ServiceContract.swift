import Testing

/// A service contract: the list of checks every implementation of one service must pass.
public protocol ServiceContract {
    /// The subject a fixture makes for this contract.
    associatedtype Subject: ContractSubject

    /// Every check of the contract, in a stable order.
    static var checks: [ContractCheck<Subject>] { get }
}

extension ServiceContract {
    /// The checks `fixture` supports: pass them to `@Test(arguments:)`.
    public static func checks(supportedBy fixture: ContractFixture<Subject>) -> [ContractCheck<Subject>] {
        checks.filter { $0.isSupported(by: fixture) }
    }

    /// The checks `fixture` cannot run, because it lacks a capability they need.
    public static func checks(unsupportedBy fixture: ContractFixture<Subject>) -> [ContractCheck<Subject>] {
        checks.filter { !$0.isSupported(by: fixture) }
    }

    /// Cancels the calling test with the names of the checks `fixture` cannot run and why, so they
    /// show as cancelled in the run, never as passed or silently absent.
    ///
    /// Call it from a plain (non-parameterized) `@Test`: Swift Testing 6.3 reports a case of a
    /// parameterized test that cancels itself as passed. With nothing unsupported it returns, and
    /// the test passes: the fixture runs every check.
    public static func cancelUnsupportedChecks(
        for fixture: ContractFixture<Subject>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let unsupported = checks(unsupportedBy: fixture)
        guard !unsupported.isEmpty else { return }
        let lines = unsupported.map { check in
            let missing = check.requirements.subtracting(fixture.capabilities).sorted().map(\.rawValue)
            return "\(check.name) (needs \(missing.joined(separator: ", ")))"
        }
        try Test.cancel(
            "\(fixture.integration) cannot run \(unsupported.count) check(s): \(lines.joined(separator: "; "))",
            sourceLocation: sourceLocation
        )
    }
}
