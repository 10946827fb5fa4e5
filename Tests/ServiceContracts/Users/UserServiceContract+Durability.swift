import Foundation
import Models
import Services
import TestSupport
import Testing

extension UserServiceContract {
    static let durabilityChecks: [ContractCheck<UserServiceSubject>] = [
        ContractCheck(
            "an acknowledged create and display-name update survive a crash at the next write",
            requires: [.crashRecovery]
        ) { subject in
            let user = try await subject.users.create(UserDraft(handle: uniqueHandle("crash"), displayName: "Before"))
            let renamed = try await subject.users.updateDisplayName(of: user.id, to: "Renamed")
            try await subject.armCrash()
            // After the crash is armed, a change counts only if it was acknowledged.
            let late = try? await subject.users.updateDisplayName(of: user.id, to: "At the crash")
            let created = try? await subject.users.create(UserDraft(handle: uniqueHandle("late"), displayName: "Late"))
            #expect(try await subject.hasCrashed(), "an update after the crash was armed wrote nothing durable")
            let recovered = try await subject.recoverFromCrash()
            #expect(try await recovered.users.user(id: user.id) == (late ?? renamed))
            if let created {
                #expect(try await recovered.users.user(id: created.id) == created, "an acknowledged create was lost")
            }
        },
        ContractCheck(
            "unreadable data stops start with an error naming it, and nothing is created or changed",
            requires: [.unreadableStore]
        ) { subject in
            _ = try await subject.users.create(UserDraft(handle: uniqueHandle("kept"), displayName: "Kept"))
            ContractStoreChecks.expectRefused(try await subject.startOnUnreadableStore())
        },
        ContractCheck(
            "a fetch that starts after an update returned shows it, while an older identical fetch is in flight",
            requires: [.heldReads]
        ) { subject in
            let users = subject.users
            let user = try await users.create(UserDraft(handle: uniqueHandle("fresh"), displayName: "Old name"))
            let fetched = try await ContractStoreChecks.readAfterWrite(
                held: try subject.heldReads(), first: { try await users.user(id: user.id) },
                write: { _ = try await users.updateDisplayName(of: user.id, to: "New name") },
                second: { try await users.user(id: user.id) })
            #expect(fetched.displayName == "New name", "the fetch after the update showed \(fetched.displayName)")
        },
    ]

    static let formatChecks: [ContractCheck<UserServiceSubject>] = [
        ContractCheck("a store in the documented format reads as the users it documents", requires: [.documentedFormat])
        { subject in
            let format = try subject.documentedFormat()
            let opened = try await format.openSample()
            #expect(!format.sample.users.isEmpty, "the sample \(format.sample.name) documents no users")
            for user in format.sample.users {
                #expect(try await opened.users.user(id: user.id) == user, "user \(user.id) of \(format.sample.name)")
                #expect(try await opened.users.user(handle: user.handle) == user, "user \(user.handle)")
            }
        },
        ContractCheck("the users the store writes have the documented format", requires: [.documentedFormat]) {
            subject in
            let format = try subject.documentedFormat()
            for user in format.sample.users {
                _ = try await subject.users.create(
                    UserDraft(
                        handle: uniqueHandle(String(user.handle.rawValue.prefix(8))), displayName: user.displayName))
            }
            let written = try await format.shape(try await format.document(), .users)
            let documented = try await format.shape(format.sample.contents, .users)
            #expect(written == documented, "written users differ from \(format.sample.name)")
        },
    ]
}
