import Models
import Services
import TestSupport
import Testing

extension UserServiceContract {
    static let validationChecks: [ContractCheck<UserServiceSubject>] = [
        ContractCheck("invalid handles give invalid input") { subject in
            let invalid = [
                "", "ab", String(repeating: "a", count: 31), "al ice", "alice!", "ålice", "al-ice", " alice",
                "al\u{0}ice", "alice\u{202E}",
            ]
            for handle in invalid {
                await expectInvalidInput(field: "handle", "handle \(handle.debugDescription)") {
                    () throws(ServiceError) in
                    try await subject.users.create(UserDraft(handle: handle, displayName: "Name"))
                }
            }
        },
        ContractCheck("handles of exactly 3 and 30 characters are accepted") { subject in
            let short = String(uniqueHandle("x").suffix(3))
            let long = String((uniqueHandle("l") + String(repeating: "x", count: 30)).prefix(30))
            let shortUser = try await subject.users.create(UserDraft(handle: short, displayName: "S"))
            let longUser = try await subject.users.create(UserDraft(handle: long, displayName: "L"))
            #expect(shortUser.handle.rawValue == short)
            #expect(longUser.handle.rawValue == long)
        },
        ContractCheck("invalid display names give invalid input and store nothing") { subject in
            let handle = uniqueHandle("frank")
            for sample in ContractInputs.invalidSingleLine(limit: UserRules.displayNameLimit.upperBound) {
                await expectInvalidInput(field: "displayName", "name with \(sample)") { () throws(ServiceError) in
                    try await subject.users.create(UserDraft(handle: handle, displayName: sample.value))
                }
            }
            let validHandle = try Handle(handle)
            await expectServiceError(.notFound, "a rejected create must not take the handle") {
                () throws(ServiceError) in
                try await subject.users.user(handle: validHandle)
            }
            _ = try await subject.users.create(UserDraft(handle: handle, displayName: "Frank"))
        },
        ContractCheck("display names at the character and byte limits are accepted on create; one more is not") {
            subject in
            for name in displayNamesAtLimits {
                let user = try await subject.users.create(UserDraft(handle: uniqueHandle("lim"), displayName: name))
                let fetched = try await subject.users.user(id: user.id)
                #expect(Array(fetched.displayName.utf8) == Array(name.utf8))
            }
            for name in displayNamesOverLimits {
                await expectInvalidInput(field: "displayName", "\(name.count) characters, \(name.utf8.count) bytes") {
                    () throws(ServiceError) in
                    try await subject.users.create(UserDraft(handle: uniqueHandle("over"), displayName: name))
                }
            }
        },
    ]

    static let raceChecks: [ContractCheck<UserServiceSubject>] = [
        ContractCheck("10 concurrent creates of one handle: exactly one wins, the rest conflict") { subject in
            for round in 0..<ContractRaces.uniquenessRounds {
                try await expectOneWinner(among: [subject], round: round)
            }
        },
        ContractCheck(
            "concurrent creates of one handle through two instances: exactly one wins", requires: [.secondInstance]
        ) {
            subject in
            let second = try await subject.secondInstance()
            for round in 0..<ContractRaces.uniquenessRounds {
                try await expectOneWinner(among: [subject, second], round: round)
            }
        },
    ]

    static let reopenChecks: [ContractCheck<UserServiceSubject>] = [
        ContractCheck("users, updates and handle uniqueness survive a reopen", requires: [.reopen]) { subject in
            let handle = uniqueHandle("Hana")
            let user = try await subject.users.create(UserDraft(handle: handle, displayName: "Hana"))
            let updated = try await subject.users.updateDisplayName(of: user.id, to: "Hana 🌸")
            let reopened = try await subject.reopen()
            let byID = try await reopened.users.user(id: user.id)
            let byHandle = try await reopened.users.user(handle: Handle(handle))
            #expect(byID == updated)
            #expect(byHandle == updated)
            await expectServiceError(.conflict) { () throws(ServiceError) in
                try await reopened.users.create(UserDraft(handle: handle.uppercased(), displayName: "Again"))
            }
        }
    ]

    /// Creates one fresh handle `ContractRaces.uniquenessRacers` times at once, spread over
    /// `instances`, in mixed letter case, and expects exactly one user, conflicts for the rest, and
    /// the stored user to be the winner.
    private static func expectOneWinner(
        among instances: [UserServiceSubject],
        round: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let handle = uniqueHandle("dave")
        let racers = ContractRaces.uniquenessRacers
        let outcomes = try await ContractRaces.concurrently(racers) { index -> Result<User, ServiceError> in
            let variant = index.isMultiple(of: 2) ? handle : handle.uppercased()
            let instance = instances[index % instances.count]
            do throws(ServiceError) {
                return .success(
                    try await instance.users.create(UserDraft(handle: variant, displayName: "Dave \(index)")))
            } catch {
                return .failure(error)
            }
        }
        let winners = outcomes.compactMap { try? $0.get() }
        let conflicts = outcomes.filter {
            if case .failure(let error) = $0 { error.kind == .conflict } else { false }
        }
        #expect(
            winners.count == 1, "round \(round): \(winners.count) creates of one handle won",
            sourceLocation: sourceLocation)
        #expect(
            conflicts.count == racers - 1, "round \(round): \(conflicts.count) conflicts",
            sourceLocation: sourceLocation)
        for instance in instances {
            let stored = try await instance.users.user(handle: Handle(handle))
            #expect(stored == winners.first, "round \(round)", sourceLocation: sourceLocation)
        }
    }
}
