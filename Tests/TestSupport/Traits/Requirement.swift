import Testing

/// A condition a test or suite needs from its environment (a tmpfs mount, the sqlite3 tool, posts
/// kept between runs), with the reason it needs it. Attach it as `.requires(condition, "reason")`
/// instead of `.requires()`: when the condition does not hold, the test or suite is reported as
/// **cancelled** with the reason, the same way a contract check a fixture cannot run is, so a run
/// lists everything it did not run and why.
///
/// On a parameterized test function it records an issue instead: Swift Testing 6.3 reports a
/// parameterized test cancelled as a whole, or case by case, as passed. Put it on the test's suite.
public struct Requirement: TestTrait, SuiteTrait, TestScoping {
    /// Whether the environment provides what the test needs; evaluated when the test is about to run.
    public let holds: @Sendable () -> Bool
    /// What the test needs, shown as the reason it was cancelled.
    public let reason: Comment
    let sourceLocation: SourceLocation

    /// Scopes the suite or the test as a whole, never a single case of a parameterized test.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? self : nil
    }

    /// Runs `function` when the condition holds, and cancels the test or suite with the reason when
    /// it does not.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if !test.isSuite && test.isParameterized {
            Issue.record(
                "`.requires` on a parameterized test would report it as passed when it does not run; put it on the suite",
                sourceLocation: sourceLocation)
            return
        }
        guard holds() else { try Test.cancel(reason, sourceLocation: sourceLocation) }
        try await function()
    }
}

extension Trait where Self == Requirement {
    /// Runs the test or suite only when `condition` holds, and reports it as cancelled with `reason`
    /// when it does not.
    public static func requires(
        _ condition: @autoclosure @escaping @Sendable () -> Bool, _ reason: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        Requirement(holds: condition, reason: reason, sourceLocation: sourceLocation)
    }
}
