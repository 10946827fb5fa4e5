import Foundation
import Models
import Services
import TestSupport

/// The bugs a user service can plausibly ship with, each paired with the check that catches it.
enum UserServiceDefect: String, CaseIterable, Sendable {
    case caseSensitiveHandles
    case checkThenInsertRace
    case updateNotPersisted
    case displayNameNotValidated
    case rejectedCreateTakesHandle
    case unicodeNormalised

    /// The contract check that must fail when this defect is present.
    var caughtBy: String {
        switch self {
        case .caseSensitiveHandles: "a duplicate handle in any letter case gives conflict"
        case .checkThenInsertRace: "10 concurrent creates of one handle: exactly one wins, the rest conflict"
        case .updateNotPersisted: "display-name update persists and is returned"
        case .displayNameNotValidated: "invalid display names give invalid input and store nothing"
        case .rejectedCreateTakesHandle: "invalid display names give invalid input and store nothing"
        case .unicodeNormalised: "Unicode display names round-trip byte for byte"
        }
    }
}

/// A small user store written the naive way, with one deliberate defect.
final class BrokenUserService: UserService {
    private struct State {
        var users: [User.ID: User] = [:]
        /// Keyed by the handle as typed, so case-sensitivity bugs are possible.
        var idsByTypedHandle: [String: User.ID] = [:]
    }

    let defect: UserServiceDefect
    private let state = Locked(State())

    init(_ defect: UserServiceDefect) {
        self.defect = defect
    }

    func create(_ draft: UserDraft) async throws(ServiceError) -> User {
        let handle = try ServiceError.validating { () throws(ValidationError) in try Handle(draft.handle) }
        let key = defect == .caseSensitiveHandles ? draft.handle : handle.rawValue
        var displayName = TextRules.trimmed(draft.displayName)
        if defect != .displayNameNotValidated {
            do throws(ServiceError) {
                displayName = try ServiceError.validating { () throws(ValidationError) in
                    try UserRules.validatedDisplayName(draft.displayName)
                }
            } catch {
                if defect == .rejectedCreateTakesHandle {
                    // Reserves the handle for a create that then fails, and never releases it.
                    state.withLock { $0.idsByTypedHandle[key] = $0.idsByTypedHandle[key] ?? User.ID("reserved") }
                }
                throw error
            }
        }
        if defect == .unicodeNormalised {
            displayName = displayName.precomposedStringWithCanonicalMapping
        }
        let taken = state.withLock { $0.idsByTypedHandle[key] != nil }
        if taken { throw .conflict(reason: "handle taken") }
        if defect == .checkThenInsertRace { await Task.yield() }
        let user = User(id: User.ID(UUID().uuidString), handle: handle, displayName: displayName, createdAt: Date())
        state.withLock { state in
            state.users[user.id] = user
            state.idsByTypedHandle[key] = user.id
        }
        return user
    }

    func user(id: User.ID) async throws(ServiceError) -> User {
        guard let user = state.withLock({ $0.users[id] }) else { throw .notFound(what: "user \(id)") }
        return user
    }

    func user(handle: Handle) async throws(ServiceError) -> User {
        let user = state.withLock { state in
            state.users.values.first { $0.handle == handle }
        }
        guard let user else { throw .notFound(what: "user \(handle)") }
        return user
    }

    func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User {
        let name = try ServiceError.validating { () throws(ValidationError) in
            try UserRules.validatedDisplayName(displayName)
        }
        var user = try await user(id: id)
        user.displayName = name
        if defect != .updateNotPersisted {
            let updated = user
            state.withLock { $0.users[id] = updated }
        }
        return user
    }
}
