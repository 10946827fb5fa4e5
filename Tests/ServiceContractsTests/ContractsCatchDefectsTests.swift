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
                runs: PlantedFixtures.runs(isRace: defect == .checkThenInsert))
        }
    }

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
        .posts: PostServiceDefect.allCases.flatMap(\.caughtBy),
        .users: UserServiceDefect.allCases.flatMap(\.caughtBy),
        .library: VideoLibraryServiceDefect.allCases.flatMap(\.caughtBy),
        .hosting: VideoHostingServiceDefect.allCases.flatMap(\.caughtBy),
    ]
}
