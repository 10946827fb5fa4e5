import Models
import Services
import TestSupport
import Testing

extension UserServiceContract {
    static let validationChecks: [ContractCheck<UserServiceSubject>] = [
        ContractCheck("invalid handles give invalid input") { subject in
            let invalid = [
                "", "ab", String(repeating: "a", count: 31), "al ice", "alice!", "ålice", "al-ice", " alice",
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
            let invalid = ["", "   ", String(repeating: "n", count: 51), "two\nlines", "nul\u{0}"]
            for name in invalid {
                await expectInvalidInput(field: "displayName", "name \(name.debugDescription.prefix(30))") {
                    () throws(ServiceError) in
                    try await subject.users.create(UserDraft(handle: handle, displayName: name))
                }
            }
            let validHandle = try Handle(handle)
            await expectServiceError(.notFound, "a rejected create must not take the handle") {
                () throws(ServiceError) in
                try await subject.users.user(handle: validHandle)
            }
            _ = try await subject.users.create(
                UserDraft(handle: handle, displayName: String(repeating: "n", count: 50)))
        },
        ContractCheck("an invalid display-name update changes nothing") { subject in
            let user = try await subject.users.create(UserDraft(handle: uniqueHandle("gina"), displayName: "Gina"))
            await expectInvalidInput(field: "displayName") { () throws(ServiceError) in
                try await subject.users.updateDisplayName(of: user.id, to: " ")
            }
            #expect(try await subject.users.user(id: user.id) == user)
        },
    ]

    static let reopenChecks: [ContractCheck<UserServiceSubject>] = [
        ContractCheck("users, updates and handle uniqueness survive a reopen", requires: [.reopen]) { subject in
            let handle = uniqueHandle("Hana")
            let user = try await subject.users.create(UserDraft(handle: handle, displayName: "Hana"))
            let updated = try await subject.users.updateDisplayName(of: user.id, to: "Hana 🌸")
            let reopened = try await subject.reopen()
            #expect(try await reopened.users.user(id: user.id) == updated)
            #expect(try await reopened.users.user(handle: Handle(handle)) == updated)
            await expectServiceError(.conflict) { () throws(ServiceError) in
                try await reopened.users.create(UserDraft(handle: handle.uppercased(), displayName: "Again"))
            }
        }
    ]
}
