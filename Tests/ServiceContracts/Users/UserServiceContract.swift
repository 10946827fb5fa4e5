import Models
import Services
import TestSupport
import Testing

/// The rules every `UserService` must keep, as named checks.
public enum UserServiceContract: ServiceContract {
    /// Every check; names are stable and unique.
    public static let checks: [ContractCheck<UserServiceSubject>] = creationChecks + validationChecks + reopenChecks

    static let creationChecks: [ContractCheck<UserServiceSubject>] = [
        ContractCheck("create returns the stored user with a lowercased handle") { subject in
            let handle = uniqueHandle("Alice")
            let user = try await subject.users.create(UserDraft(handle: handle, displayName: "  Alice Liddell "))
            #expect(!user.id.rawValue.isEmpty)
            #expect(user.handle.rawValue == handle.lowercased())
            #expect(user.displayName == "Alice Liddell")
        },
        ContractCheck("fetch by id and by handle in any case equals the created user") { subject in
            let handle = uniqueHandle("Bob")
            let user = try await subject.users.create(UserDraft(handle: handle, displayName: "Bob"))
            #expect(try await subject.users.user(id: user.id) == user)
            #expect(try await subject.users.user(handle: Handle(handle.uppercased())) == user)
            #expect(try await subject.users.user(handle: Handle(handle.lowercased())) == user)
        },
        ContractCheck("a duplicate handle in any letter case gives conflict") { subject in
            let handle = uniqueHandle("carol")
            let original = try await subject.users.create(UserDraft(handle: handle, displayName: "Carol"))
            for variant in [handle, handle.uppercased(), handle.capitalized] {
                await expectServiceError(.conflict, "handle \(variant)") { () throws(ServiceError) in
                    try await subject.users.create(UserDraft(handle: variant, displayName: "Impostor"))
                }
            }
            #expect(try await subject.users.user(handle: Handle(handle)) == original)
        },
        ContractCheck("10 concurrent creates of one handle: exactly one wins, the rest conflict") { subject in
            let handle = uniqueHandle("dave")
            let outcomes = await withTaskGroup(of: Result<User, ServiceError>.self) { group in
                for index in 0..<10 {
                    let variant = index.isMultiple(of: 2) ? handle : handle.uppercased()
                    group.addTask {
                        do throws(ServiceError) {
                            return .success(
                                try await subject.users.create(UserDraft(handle: variant, displayName: "Dave \(index)"))
                            )
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: [Result<User, ServiceError>]()) { $0.append($1) }
            }
            let winners = outcomes.compactMap { try? $0.get() }
            let conflicts = outcomes.filter {
                if case .failure(let error) = $0 { error.kind == .conflict } else { false }
            }
            #expect(winners.count == 1)
            #expect(conflicts.count == 9)
            let stored = try await subject.users.user(handle: Handle(handle))
            #expect(stored == winners.first)
        },
        ContractCheck("display-name update persists and is returned") { subject in
            let user = try await subject.users.create(UserDraft(handle: uniqueHandle("erin"), displayName: "Erin"))
            let updated = try await subject.users.updateDisplayName(of: user.id, to: " Erin Q. ")
            #expect(updated.displayName == "Erin Q.")
            #expect(updated.id == user.id && updated.handle == user.handle && updated.createdAt == user.createdAt)
            #expect(try await subject.users.user(id: user.id) == updated)
            #expect(try await subject.users.user(handle: user.handle) == updated)
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
                #expect(Array(try await subject.users.user(id: user.id).displayName.utf8) == Array(name.utf8))
            }
        },
    ]
}
