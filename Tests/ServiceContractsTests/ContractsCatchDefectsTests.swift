import InMemoryIntegration
import ServiceContracts
import TestSupport
import Testing

/// Each contract check is only worth something if it can fail: every planted defect must make the
/// check it names record an issue. `withKnownIssue` fails the test when no issue is recorded.
@Suite("Contracts catch broken implementations")
struct ContractsCatchDefectsTests {
    @Test("A broken PostService is caught", arguments: PostServiceDefect.allCases)
    func brokenPostService(_ defect: PostServiceDefect) async throws {
        let fixture = ContractFixture<PostServiceSubject>(integration: "Broken (\(defect))") {
            let memory = InMemoryIntegration()
            return PostServiceSubject(
                posts: BrokenPostService(defect, wrapping: memory.postService),
                users: memory.userService
            )
        }
        try await expectCaught(defect.rawValue, by: defect.caughtBy, in: PostServiceContract.checks, fixture: fixture)
    }

    @Test("A broken UserService is caught", arguments: UserServiceDefect.allCases)
    func brokenUserService(_ defect: UserServiceDefect) async throws {
        let fixture = ContractFixture<UserServiceSubject>(integration: "Broken (\(defect))") {
            UserServiceSubject(users: BrokenUserService(defect))
        }
        try await expectCaught(defect.rawValue, by: defect.caughtBy, in: UserServiceContract.checks, fixture: fixture)
    }

    @Test("A broken VideoLibraryService is caught", arguments: VideoLibraryServiceDefect.allCases)
    func brokenVideoLibraryService(_ defect: VideoLibraryServiceDefect) async throws {
        let fixture = ContractFixture<VideoLibrarySubject>(integration: "Broken (\(defect))") {
            VideoLibrarySubject(
                library: BrokenVideoLibraryService(defect, wrapping: InMemoryIntegration().videoLibraryService))
        }
        try await expectCaught(
            defect.rawValue, by: defect.caughtBy, in: VideoLibraryServiceContract.checks, fixture: fixture)
    }

    @Test("A broken VideoHostingService is caught", arguments: VideoHostingServiceDefect.allCases)
    func brokenVideoHostingService(_ defect: VideoHostingServiceDefect) async throws {
        let fixture = ContractFixture<VideoHostingSubject>(
            integration: "Broken (\(defect))",
            capabilities: [.controlledClock, .storageInspection]
        ) {
            let clock = ManualClock()
            let memory = InMemoryIntegration(configuration: .init(clock: clock))
            let host = memory.videoHostingService
            return VideoHostingSubject(
                hosting: BrokenVideoHostingService(defect, wrapping: host),
                advanceClock: { clock.advance(by: $0) },
                storedItemCount: { await host.storedVideoCount() }
            )
        }
        try await expectCaught(
            defect.rawValue, by: defect.caughtBy, in: VideoHostingServiceContract.checks, fixture: fixture)
    }

    @Test("Every defect names a check that exists")
    func defectsNameRealChecks() {
        let names = Set(
            PostServiceContract.checks.map(\.name) + UserServiceContract.checks.map(\.name)
                + VideoLibraryServiceContract.checks.map(\.name) + VideoHostingServiceContract.checks.map(\.name)
        )
        let claimed =
            PostServiceDefect.allCases.map(\.caughtBy) + UserServiceDefect.allCases.map(\.caughtBy)
            + VideoLibraryServiceDefect.allCases.map(\.caughtBy) + VideoHostingServiceDefect.allCases.map(\.caughtBy)
        #expect(claimed.filter { !names.contains($0) } == [])
    }

    @Test("Check names are unique within each contract")
    func checkNamesAreUnique() {
        for names in [
            PostServiceContract.checks.map(\.name), UserServiceContract.checks.map(\.name),
            VideoLibraryServiceContract.checks.map(\.name), VideoHostingServiceContract.checks.map(\.name),
        ] {
            #expect(Set(names).count == names.count)
        }
    }

    /// Runs the check named `name` against `fixture` and expects it to record at least one issue.
    private func expectCaught<Subject>(
        _ defect: String,
        by name: String,
        in checks: [ContractCheck<Subject>],
        fixture: ContractFixture<Subject>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let check = try #require(checks.first { $0.name == name }, sourceLocation: sourceLocation)
        await withKnownIssue("the check \"\(name)\" must catch \(defect)", sourceLocation: sourceLocation) {
            try await check.run(with: fixture)
        }
    }
}
