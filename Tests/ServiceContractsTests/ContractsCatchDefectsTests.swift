import InMemoryIntegration
import ServiceContracts
import Services
import TestSupport
import Testing

/// Each contract check is only worth something if it can fail: every planted defect must make each
/// check it names fail, in every run (race defects get ten runs, the others two). The failures are
/// captured, not reported: see `PlantedDefectRun`.
@Suite("Contracts catch planted defects")
struct ContractsCatchDefectsTests {
    @Test("A broken PostService is caught", .capturesIssues, arguments: PostServiceDefect.allCases)
    func brokenPostService(_ defect: PostServiceDefect) async throws {
        for check in defect.caughtBy {
            try await PlantedDefectRun.expectCaught(
                defect.rawValue, by: check, in: PostServiceContract.checks, fixture: PlantedFixtures.posts(defect),
                runs: PlantedFixtures.runs(isRace: defect.isTimed))
        }
    }

    @Test("A broken UserService is caught", .capturesIssues, arguments: UserServiceDefect.allCases)
    func brokenUserService(_ defect: UserServiceDefect) async throws {
        for check in defect.caughtBy {
            try await PlantedDefectRun.expectCaught(
                defect.rawValue, by: check, in: UserServiceContract.checks, fixture: PlantedFixtures.users(defect),
                runs: PlantedFixtures.runs(isRace: [.checkThenInsert, .checkThenInsertAcrossCalls].contains(defect)))
        }
    }

    // begin part of: authentication
    @Test(
        "A broken AuthenticationService is caught", .capturesIssues,
        arguments: AuthenticationServiceDefect.allCases)
    func brokenAuthenticationService(_ defect: AuthenticationServiceDefect) async throws {
        for check in defect.caughtBy {
            try await PlantedDefectRun.expectCaught(
                defect.rawValue, by: check, in: AuthenticationServiceContract.checks,
                fixture: PlantedFixtures.authentication(defect), runs: PlantedFixtures.runs(isRace: false))
        }
    }
    // end part of: authentication

    // begin part of: OfflineFirst
    @Test("A broken PostReplicaService is caught", .capturesIssues, arguments: PostReplicaDefect.allCases)
    func brokenPostReplica(_ defect: PostReplicaDefect) async throws {
        for check in defect.caughtBy {
            try await PlantedDefectRun.expectCaught(
                defect.rawValue, by: check, in: PostReplicaServiceContract.checks,
                fixture: PlantedFixtures.replica(defect), runs: PlantedFixtures.runs(isRace: false))
        }
    }

    @Test("Every PostReplicaService check but the reopen one is claimed by a planted defect")
    func replicaChecksAreClaimed() {
        let claimed = Set(PostReplicaDefect.allCases.flatMap(\.caughtBy))
        let unclaimed = PostReplicaServiceContract.checks.map(\.name).filter { !claimed.contains($0) }
        // The reopen check needs a store that reopens; the SQLite file integration passing it proves it.
        #expect(
            unclaimed == ["the outbox, its marks and failures, and cursors survive a reopen, and a whole listing due"])
    }
    // end part of: OfflineFirst

    // begin part of: library
    @Test(
        "A broken VideoLibraryService is caught", .capturesIssues,
        arguments: VideoLibraryServiceDefect.allCases)
    func brokenVideoLibraryService(_ defect: VideoLibraryServiceDefect) async throws {
        for check in defect.caughtBy {
            try await PlantedDefectRun.expectCaught(
                defect.rawValue, by: check, in: VideoLibraryServiceContract.checks,
                fixture: PlantedFixtures.library(defect), runs: PlantedFixtures.runs(isRace: defect.isTimed))
        }
    }
    // end part of: library

    // begin part of: hosting
    @Test(
        "A broken VideoHostingService is caught", .capturesIssues,
        arguments: VideoHostingServiceDefect.allCases)
    func brokenVideoHostingService(_ defect: VideoHostingServiceDefect) async throws {
        for check in defect.caughtBy {
            try await PlantedDefectRun.expectCaught(
                defect.rawValue, by: check, in: VideoHostingServiceContract.checks,
                fixture: PlantedFixtures.hosting(defect), runs: PlantedFixtures.runs(isRace: false))
        }
    }
    // end part of: hosting

    @Test(
        "A store that breaks durability, freshness or its format is caught", .capturesIssues,
        arguments: StoreDefect.allCases)
    func brokenStore(_ defect: StoreDefect) async throws {
        let shares = defect == .readJoinsOlderRead
        for check in defect.caughtBy[.posts] ?? [] {
            let fixture =
                shares
                ? PlantedStoreFixtures.remote(sharesAcrossWrites: true) {
                    PostServiceSubject(posts: $0, users: $0, hooks: $1)
                }
                : PlantedStoreFixtures.storePosts(defect.storeFlaw)
            try await PlantedDefectRun.expectCaught(
                defect.rawValue, by: check, in: PostServiceContract.checks, fixture: fixture,
                runs: PlantedFixtures.runs(isRace: false))
        }
        for check in defect.caughtBy[.users] ?? [] {
            let fixture =
                shares
                ? PlantedStoreFixtures.remote(sharesAcrossWrites: true) { UserServiceSubject(users: $0, hooks: $1) }
                : PlantedStoreFixtures.storeUsers(defect.storeFlaw)
            try await PlantedDefectRun.expectCaught(
                defect.rawValue, by: check, in: UserServiceContract.checks, fixture: fixture,
                runs: PlantedFixtures.runs(isRace: false))
        }
        // begin part of: library
        for check in defect.caughtBy[.library] ?? [] {
            let fixture =
                shares
                ? PlantedStoreFixtures.remote(sharesAcrossWrites: true) {
                    VideoLibraryServiceSubject(library: $0, hooks: $1)
                }
                : PlantedStoreFixtures.storeLibrary(defect.storeFlaw)
            try await PlantedDefectRun.expectCaught(
                defect.rawValue, by: check, in: VideoLibraryServiceContract.checks, fixture: fixture,
                runs: PlantedFixtures.runs(isRace: false))
        }
        // end part of: library
    }

    // begin part of: hosting
    @Test(
        "A host that breaks durability, running time or its format is caught", .capturesIssues,
        arguments: HostDefect.allCases)
    func brokenHost(_ defect: HostDefect) async throws {
        for check in defect.caughtBy {
            try await PlantedDefectRun.expectCaught(
                defect.rawValue, by: check, in: VideoHostingServiceContract.checks,
                fixture: PlantedStoreFixtures.host(defect.flaw), runs: PlantedFixtures.runs(isRace: false))
        }
    }
    // end part of: hosting

    @Test("The planted store, remote and host without a defect pass the checks the defects target")
    func plantedBaselinesPass() async throws {
        for check in PostServiceContract.checks where Self.targeted(check.name, .posts) {
            let fixture =
                check.requirements.contains(.heldReads)
                ? PlantedStoreFixtures.remote(sharesAcrossWrites: false) {
                    PostServiceSubject(posts: $0, users: $0, hooks: $1)
                }
                : PlantedStoreFixtures.storePosts(.none)
            try await check.run(with: fixture)
        }
        for check in UserServiceContract.checks where Self.targeted(check.name, .users) {
            let fixture =
                check.requirements.contains(.heldReads)
                ? PlantedStoreFixtures.remote(sharesAcrossWrites: false) { UserServiceSubject(users: $0, hooks: $1) }
                : PlantedStoreFixtures.storeUsers(.none)
            try await check.run(with: fixture)
        }
        // begin part of: library
        for check in VideoLibraryServiceContract.checks where Self.targeted(check.name, .library) {
            let fixture =
                check.requirements.contains(.heldReads)
                ? PlantedStoreFixtures.remote(sharesAcrossWrites: false) {
                    VideoLibraryServiceSubject(library: $0, hooks: $1)
                }
                : PlantedStoreFixtures.storeLibrary(.none)
            try await check.run(with: fixture)
        }
        // end part of: library
        // begin part of: hosting
        for check in VideoHostingServiceContract.checks
        where HostDefect.allCases.contains(where: { $0.caughtBy.contains(check.name) }) {
            try await check.run(with: PlantedStoreFixtures.host(.none))
        }
        // end part of: hosting
    }

    private static func targeted(_ name: String, _ service: ServiceKind) -> Bool {
        StoreDefect.allCases.contains { $0.caughtBy[service]?.contains(name) == true }
    }

    @Test("Every declared service has a contract and planted defects")
    func everyServiceIsCovered() {
        for service in ServiceKind.allCases {
            #expect(
                ContractCatalog.contracts[service] != nil, "\(service) has no contract in ContractCatalog.contracts")
            #expect(
                PlantedCoverage.claims[service]?.isEmpty == false,
                "\(service) has no planted defects in PlantedCoverage.claims: plant one per check")
        }
    }

    @Test("Every defect names checks that exist in its service's contract")
    func defectsNameRealChecks() {
        for (service, claimed) in PlantedCoverage.claims {
            let names = Set(ContractCatalog.contracts[service]?.checks.map(\.name) ?? [])
            #expect(claimed.filter { !names.contains($0) } == [], "\(service)")
        }
    }

    @Test("Every contract check is claimed by a planted defect, apart from a reviewed list")
    func everyCheckIsClaimed() {
        let claimed = Set(PlantedCoverage.claims.values.flatMap { $0 } + ForgetfulReopenTests.reopenCheckNames)
        let unclaimed = ContractCatalog.contracts.values.flatMap(\.checks).map(\.name).filter { !claimed.contains($0) }
        // A new check must come with a defect that it catches, or be added here on purpose.
        #expect(unclaimed.sorted() == Self.checksWithoutPlantedDefect)
    }

    /// Checks no planted defect targets; each is still proven by the integrations passing it.
    static let checksWithoutPlantedDefect: [String] = []

    @Test("Check names are unique within each contract")
    func checkNamesAreUnique() {
        for (service, summary) in ContractCatalog.contracts {
            let names = summary.checks.map(\.name)
            #expect(Set(names).count == names.count, "\(service)")
        }
    }
}

/// What the planted defects claim, by service. Register a new service's defects here.
enum PlantedCoverage {
    static let claims: [ServiceKind: [String]] = [
        .posts: PostServiceDefect.allCases.flatMap(\.caughtBy) + store(.posts),
        .users: UserServiceDefect.allCases.flatMap(\.caughtBy) + store(.users),
        .library: VideoLibraryServiceDefect.allCases.flatMap(\.caughtBy) + store(.library),  // part of: library
        // begin part of: hosting
        .hosting: VideoHostingServiceDefect.allCases.flatMap(\.caughtBy) + HostDefect.allCases.flatMap(\.caughtBy),
        // end part of: hosting
        .authentication: AuthenticationServiceDefect.allCases.flatMap(\.caughtBy),  // part of: authentication
    ]

    private static func store(_ service: ServiceKind) -> [String] {
        StoreDefect.allCases.flatMap { $0.caughtBy[service] ?? [] }
    }
}
