import Models
import Services
import TestSupport
import Testing

/// The rules every `UserService` must keep, as named checks.
public enum UserServiceContract: ServiceContract {
    /// Every check; names are stable and unique.
    public static let checks: [ContractCheck<UserServiceSubject>] =
        creationChecks + updateChecks + validationChecks + raceChecks + reopenChecks + durabilityChecks
        + formatChecks

    static let creationChecks: [ContractCheck<UserServiceSubject>] = [
        ContractCheck("create returns the user as stored: lowercased handle, trimmed name and the clock's time") {
            subject, clock in
            clock.advance(by: .seconds(42))
            let handle = uniqueHandle("Alice")
            let user = try await subject.users.create(UserDraft(handle: handle, displayName: "  Alice Liddell "))
            #expect(!user.id.rawValue.isEmpty)
            let expected = User(
                id: user.id, handle: try Handle(handle), displayName: "Alice Liddell", createdAt: clock.current)
            #expect(user == expected)
            #expect(user.handle.rawValue == handle.lowercased())
        },
        ContractCheck("fetch by id and by handle in any case equals the created user") { subject in
            let handle = uniqueHandle("Bob")
            let user = try await subject.users.create(UserDraft(handle: handle, displayName: " Bob "))
            let byID = try await subject.users.user(id: user.id)
            let byUppercase = try await subject.users.user(handle: Handle(handle.uppercased()))
            let byLowercase = try await subject.users.user(handle: Handle(handle.lowercased()))
            #expect(byID == user)
            #expect(byUppercase == user)
            #expect(byLowercase == user)
        },
        ContractCheck("a duplicate handle in any letter case gives conflict") { subject in
            let handle = uniqueHandle("carol")
            let original = try await subject.users.create(UserDraft(handle: handle, displayName: "Carol"))
            for variant in [handle, handle.uppercased(), handle.capitalized] {
                await expectServiceError(.conflict, "handle \(variant)") { () throws(ServiceError) in
                    try await subject.users.create(UserDraft(handle: variant, displayName: "Impostor"))
                }
            }
            let stored = try await subject.users.user(handle: Handle(handle))
            #expect(stored == original)
        },
        ContractCheck("unknown id or handle gives not found") { subject in
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.users.user(id: "no-such-user")
            }
            let ghost = try Handle(uniqueHandle("ghost"))
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.users.user(handle: ghost)
            }
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.users.updateDisplayName(of: "no-such-user", to: "Ghost")
            }
        },
        ContractCheck("Unicode display names round-trip byte for byte") { subject in
            let names = [
                "Zoë 👩‍💻", "مرحبا بالعالم", "שלום", "Jose\u{301}", "José", String(repeating: "👩‍👩‍👧‍👦", count: 50),
            ]
            for name in names {
                let user = try await subject.users.create(UserDraft(handle: uniqueHandle("uni"), displayName: name))
                let fetched = try await subject.users.user(id: user.id)
                #expect(Array(fetched.displayName.utf8) == Array(name.utf8))
                #expect(fetched == user)
            }
        },
    ]

    static let updateChecks: [ContractCheck<UserServiceSubject>] = [
        ContractCheck("a display-name update is trimmed where it is returned and fetched, and nothing else changes") {
            subject in
            let user = try await subject.users.create(UserDraft(handle: uniqueHandle("erin"), displayName: "Erin"))
            let updated = try await subject.users.updateDisplayName(of: user.id, to: " Erin Q. ")
            var expected = user
            expected.displayName = "Erin Q."
            #expect(updated == expected)
            let byID = try await subject.users.user(id: user.id)
            let byHandle = try await subject.users.user(handle: user.handle)
            #expect(byID == expected)
            #expect(byHandle == expected)
        },
        ContractCheck("every invalid display name is refused on update and the user is unchanged") { subject in
            let user = try await subject.users.create(UserDraft(handle: uniqueHandle("gina"), displayName: "Gina"))
            for sample in ContractInputs.invalidSingleLine(limit: UserRules.displayNameLimit.upperBound) {
                await expectInvalidInput(field: "displayName", "update to \(sample)") { () throws(ServiceError) in
                    try await subject.users.updateDisplayName(of: user.id, to: sample.value)
                }
            }
            let stored = try await subject.users.user(id: user.id)
            #expect(stored == user)
        },
        ContractCheck("display names at the character and byte limits are accepted on update; one more is not") {
            subject in
            let user = try await subject.users.create(UserDraft(handle: uniqueHandle("hal"), displayName: "Hal"))
            for name in UserServiceContract.displayNamesAtLimits {
                let updated = try await subject.users.updateDisplayName(of: user.id, to: name)
                let fetched = try await subject.users.user(id: user.id)
                #expect(Array(updated.displayName.utf8) == Array(name.utf8))
                #expect(fetched == updated)
            }
            let last = try await subject.users.user(id: user.id)
            for name in UserServiceContract.displayNamesOverLimits {
                await expectInvalidInput(field: "displayName", "\(name.count) characters, \(name.utf8.count) bytes") {
                    () throws(ServiceError) in
                    try await subject.users.updateDisplayName(of: user.id, to: name)
                }
            }
            let unchanged = try await subject.users.user(id: user.id)
            #expect(unchanged == last)
        },
    ]

    /// Display names exactly at the limits: one character, 50 letters, 50 emoji, 50 characters of 2,000 bytes.
    static let displayNamesAtLimits = [
        "J", String(repeating: "n", count: 50), String(repeating: "👩‍👩‍👧‍👦", count: 50),
        ContractInputs.text(characters: 50, bytes: UserRules.displayNameByteLimit),
    ]

    /// Display names one past a limit: 51 characters, or 50 characters of 2,002 bytes.
    static let displayNamesOverLimits = [
        String(repeating: "n", count: 51),
        ContractInputs.text(characters: 50, bytes: UserRules.displayNameByteLimit + 2),
    ]
}
