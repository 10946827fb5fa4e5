import Foundation
import Models
import Services
import TestSupport

/// The bugs a user service can plausibly ship with, each paired with the checks that catch it.
enum UserServiceDefect: String, CaseIterable, Sendable {
    case createdAtFromSystemClock
    case storesUntrimmedName
    case caseSensitiveHandles
    case unknownReturnsAPlaceholder
    case unicodeNormalised
    case updateNotPersisted
    case updateStoresUntrimmed
    case updateSkipsValidation
    case updateCountsScalars
    case displayNameNotValidated
    case rejectedCreateTakesHandle
    case createCountsScalars
    case sanitisesHandles
    case rejectsBoundaryHandles
    case checkThenInsert
    /// Checks the handle with one call to the store and inserts with another, with no yield
    /// between: the window is only the hop between two calls, as in a store that asks, then writes.
    case checkThenInsertAcrossCalls

    /// The contract checks that must fail when this defect is present.
    var caughtBy: [String] {
        switch self {
        case .createdAtFromSystemClock:
            ["create returns the user as stored: lowercased handle, trimmed name and the clock's time"]
        case .storesUntrimmedName: ["fetch by id and by handle in any case equals the created user"]
        case .caseSensitiveHandles: ["a duplicate handle in any letter case gives conflict"]
        case .unknownReturnsAPlaceholder: ["unknown id or handle gives not found"]
        case .unicodeNormalised: ["Unicode display names round-trip byte for byte"]
        case .updateNotPersisted, .updateStoresUntrimmed:
            ["a display-name update is trimmed where it is returned and fetched, and nothing else changes"]
        case .updateSkipsValidation: ["every invalid display name is refused on update and the user is unchanged"]
        case .updateCountsScalars:
            ["display names at the character and byte limits are accepted on update; one more is not"]
        case .displayNameNotValidated, .rejectedCreateTakesHandle:
            ["invalid display names give invalid input and store nothing"]
        case .createCountsScalars:
            ["display names at the character and byte limits are accepted on create; one more is not"]
        case .sanitisesHandles: ["invalid handles give invalid input"]
        case .rejectsBoundaryHandles: ["handles of exactly 3 and 30 characters are accepted"]
        case .checkThenInsert, .checkThenInsertAcrossCalls:
            [
                "10 concurrent creates of one handle: exactly one wins, the rest conflict",
                "concurrent creates of one handle through two instances: exactly one wins",
            ]
        }
    }
}

/// A small user store written the naive way, with one deliberate defect.
///
/// Instances made with the same `Shared` are two instances of one store.
final class BrokenUserService: UserService {
    /// The store the instances share.
    final class Shared: Sendable {
        struct State {
            var users: [User.ID: User] = [:]
            /// Keyed by the handle as typed, so case-sensitivity bugs are possible.
            var idsByTypedHandle: [String: User.ID] = [:]
        }

        let state = Locked(State())
        /// The handles as a store actor holds them, for the defect that asks, then writes.
        let handles = HandleTable()
    }

    /// Handles taken, behind an actor: each call is one step, as a store's own calls would be.
    actor HandleTable {
        private var taken: Set<String> = []

        func isTaken(_ handle: String) -> Bool { taken.contains(handle) }

        func take(_ handle: String) { taken.insert(handle) }
    }

    let defect: UserServiceDefect
    private let shared: Shared
    private let now: @Sendable () -> Date

    init(_ defect: UserServiceDefect, now: @escaping @Sendable () -> Date, shared: Shared = Shared()) {
        self.defect = defect
        self.now = now
        self.shared = shared
    }

    func create(_ draft: UserDraft) async throws(ServiceError) -> User {
        let handle = try validatedHandle(draft.handle)
        let key = defect == .caseSensitiveHandles ? draft.handle : handle.rawValue
        let displayName: String
        do throws(ServiceError) {
            displayName = try validatedName(draft.displayName, countingScalars: defect == .createCountsScalars)
        } catch {
            if defect == .rejectedCreateTakesHandle {
                // Reserves the handle for a create that then fails, and never releases it.
                shared.state.withLock { $0.idsByTypedHandle[key] = $0.idsByTypedHandle[key] ?? User.ID("reserved") }
            }
            throw error
        }
        let taken: Bool
        if defect == .checkThenInsertAcrossCalls {
            taken = await shared.handles.isTaken(key)
        } else {
            taken = shared.state.withLock { $0.idsByTypedHandle[key] != nil }
        }
        if taken { throw .conflict(reason: "handle taken") }
        if defect == .checkThenInsert { await Task.yield() }
        let createdAt = defect == .createdAtFromSystemClock ? Date() : now()
        let user = User(id: User.ID(UUID().uuidString), handle: handle, displayName: displayName, createdAt: createdAt)
        var stored = user
        if defect == .storesUntrimmedName { stored.displayName = draft.displayName }
        if defect == .checkThenInsertAcrossCalls { await shared.handles.take(key) }
        shared.state.withLock { state in
            state.users[user.id] = stored
            state.idsByTypedHandle[key] = user.id
        }
        return user
    }

    func user(id: User.ID) async throws(ServiceError) -> User {
        if let user = shared.state.withLock({ $0.users[id] }) { return user }
        if defect == .unknownReturnsAPlaceholder {
            return User(id: id, handle: try validatedHandle("ghost"), displayName: "Ghost", createdAt: now())
        }
        throw .notFound(what: "user \(id)")
    }

    func user(handle: Handle) async throws(ServiceError) -> User {
        let user = shared.state.withLock { state in
            state.users.values.first { $0.handle == handle }
        }
        guard let user else { throw .notFound(what: "user \(handle)") }
        return user
    }

    func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User {
        let name =
            defect == .updateSkipsValidation
            ? TextRules.trimmed(displayName)
            : try validatedName(displayName, countingScalars: defect == .updateCountsScalars)
        var user = try await user(id: id)
        user.displayName = name
        var stored = user
        if defect == .updateStoresUntrimmed { stored.displayName = displayName }
        if defect != .updateNotPersisted {
            let updated = stored
            shared.state.withLock { $0.users[id] = updated }
        }
        return user
    }

    private func validatedHandle(_ text: String) throws(ServiceError) -> Handle {
        var text = text
        switch defect {
        case .sanitisesHandles:
            text = String(text.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }.prefix(30))
            text += String(repeating: "x", count: max(0, 3 - text.count))
        case .rejectsBoundaryHandles where text.count == 3 || text.count == 30:
            throw .invalidInput(field: "handle", reason: "must be 4–29 characters")
        default:
            break
        }
        let checked = text
        return try ServiceError.validating { () throws(ValidationError) in try Handle(checked) }
    }

    private func validatedName(_ name: String, countingScalars: Bool) throws(ServiceError) -> String {
        if defect == .displayNameNotValidated { return TextRules.trimmed(name) }
        let valid = try ServiceError.validating { () throws(ValidationError) in
            try UserRules.validatedDisplayName(name)
        }
        if countingScalars, valid.unicodeScalars.count > UserRules.displayNameLimit.upperBound {
            throw .invalidInput(field: "displayName", reason: "must be at most 50 characters")
        }
        return defect == .unicodeNormalised ? valid.precomposedStringWithCanonicalMapping : valid
    }
}
