import Testing

/// Runs code that is expected to record test issues and collects them, instead of letting them
/// fail (or show as known issues of) the calling test.
///
/// Proving that a check fails (a contract check against a planted defect, an unimplemented double
/// that must complain) needs the failure to happen without reporting it. `withKnownIssue` reports
/// every issue as a known issue, so a passing run prints dozens of them and their count depends on
/// how many expectations happened to fail. Here the issues go to a list the test inspects:
///
/// ```swift
/// @Test(.capturesIssues)
/// func complains() async {
///     let issues = await IssueCapture.issues { try await doubleThatMustComplain() }
///     #expect(!issues.isEmpty)
/// }
/// ```
///
/// The test must carry the `capturesIssues` trait: it filters out the issues recorded inside
/// `issues(in:)` (in that task and its child tasks) and nothing else.
public enum IssueCapture {
    /// The list of the capture in progress in this task and its child tasks, if any.
    @TaskLocal static var current: Recorded?

    /// Issues recorded during one capture.
    final class Recorded: Sendable {
        private let entries = Locked<[String]>([])

        func append(_ entry: String) { entries.withLock { $0.append(entry) } }

        var all: [String] { entries.current }
    }

    /// Runs `body` and returns a description of every issue it recorded, and of the error it threw
    /// (`"threw <error>"`), in order.
    public static func issues(in body: () async throws -> Void) async -> [String] {
        let recorded = Recorded()
        await $current.withValue(recorded) {
            do {
                try await body()
            } catch {
                recorded.append("threw \(error)")
            }
        }
        return recorded.all
    }
}

extension Trait where Self == IssueHandlingTrait {
    /// Keeps the issues recorded inside `IssueCapture.issues(in:)` out of the test's results.
    public static var capturesIssues: Self {
        .filterIssues { issue in
            guard let capture = IssueCapture.current else { return true }
            capture.append(String(describing: issue))
            return false
        }
    }
}
