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

    @Test("Every contract check is claimed by a planted defect, apart from a reviewed list")
    func everyCheckIsClaimed() {
        let claimed = Set(
            PostServiceDefect.allCases.map(\.caughtBy) + UserServiceDefect.allCases.map(\.caughtBy)
                + VideoLibraryServiceDefect.allCases.map(\.caughtBy)
                + VideoHostingServiceDefect.allCases.map(\.caughtBy) + ForgetfulReopenTests.reopenCheckNames
        )
        let all =
            PostServiceContract.checks.map(\.name) + UserServiceContract.checks.map(\.name)
            + VideoLibraryServiceContract.checks.map(\.name) + VideoHostingServiceContract.checks.map(\.name)
        let unclaimed = all.filter { !claimed.contains($0) }.sorted()
        // A new check must come with a defect that it catches, or be added here on purpose.
        #expect(unclaimed == Self.checksWithoutPlantedDefect)
    }

    /// Checks no planted defect targets yet; each is still proven by the integrations passing it.
    static let checksWithoutPlantedDefect: [String] = [
        "a directory instead of a file gives invalid input",
        "a missing file gives invalid input and creates nothing",
        "a post deleted while paging never reappears",
        "a video attachment id round-trips",
        "an empty feed is one empty page with no cursor",
        "an invalid display-name update changes nothing",
        "create returns the stored user with a lowercased handle",
        "cursor from another author's feed gives invalid input",
        "deleting an unknown id gives not found",
        "exactly 500 characters are accepted and 501 rejected",
        "fetch by id and by handle in any case equals the created user",
        "fetch by id equals the published post",
        "handles of exactly 3 and 30 characters are accepted",
        "invalid handles give invalid input",
        "invalid page size, garbled or foreign cursor gives invalid input",
        "invalid title or negative duration gives invalid input and stores nothing",
        "posts published while paging cause no duplicate or skip among the older ones",
        "publish returns the stored post with service-set id and time",
        "right-to-left text round-trips",
        "unknown author gives not found or invalid input and stores nothing",
        "unknown id or handle gives not found",
    ]

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
