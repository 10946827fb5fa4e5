import Foundation
import ServiceContracts
import TestSupport
import Testing

/// Runs contract checks against deliberately broken services and proves each check fails, without
/// the failures showing as issues of the passing run.
///
/// Every issue a check records against a planted defect (an expectation that failed, an error it
/// threw) is captured with `IssueCapture`, so it neither fails the test nor shows as a known issue;
/// the test then expects the capture not to be empty. A passing `swift test` shows no known issues
/// from planted defects, and a check that stops catching its defect fails with a message naming both.
///
/// `SILO_SHOW_PLANTED=1 swift test --filter ServiceContractsTests` prints the first issue each run
/// captured, to review that every defect is caught for the reason its check exists.
enum PlantedDefectRun {
    /// Runs the check named `name` against `fixture` `runs` times and expects every run to record
    /// at least one issue (or throw). The calling test must carry the `capturesIssues` trait.
    static func expectCaught<Subject>(
        _ defect: String,
        by name: String,
        in checks: [ContractCheck<Subject>],
        fixture: ContractFixture<Subject>,
        runs: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let check = try #require(
            checks.first { $0.name == name }, "no check is named \"\(name)\"", sourceLocation: sourceLocation)
        try #require(
            check.isSupported(by: fixture),
            "the planted fixture lacks \(check.requirements.subtracting(fixture.capabilities).sorted())",
            sourceLocation: sourceLocation)
        for run in 1...runs {
            let issues = await PlantedFixtures.withShortObservationWaits {
                await IssueCapture.issues { try await check.run(with: fixture) }
            }
            if ProcessInfo.processInfo.environment["SILO_SHOW_PLANTED"] == "1" {
                print("planted \(defect) → \(name) [run \(run)]: \(issues.first ?? "nothing caught")")
            }
            #expect(
                !issues.isEmpty,
                "run \(run) of \(runs): the check \"\(name)\" passed against the planted defect \(defect)",
                sourceLocation: sourceLocation
            )
        }
    }
}
