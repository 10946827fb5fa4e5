// scripts/remove-service deletes this file with the service it is part of: authentication
import Foundation
import IntegrationSupport
import Models
import Services
import TestSupport

/// The bugs an authentication service can plausibly ship with, each paired with the checks that
/// catch it.
enum AuthenticationServiceDefect: String, CaseIterable, Sendable {
    case signUpDoesNotSignIn
    case signOutKeepsSession
    case signInKeepsThePreviousUser
    case conflictSignsInTheOwner
    case signsInBeforeCreating
    case acceptsAnyPassword
    case acceptsShortPasswords
    case observersMissSignOut
    case forgetsSessionOnReopen
    case deviceLocalAcceptsPasswords

    /// The contract checks that must fail when this defect is present.
    var caughtBy: [String] {
        switch self {
        case .signUpDoesNotSignIn: ["sign-up makes the user the users service finds, and signs them in"]
        case .signOutKeepsSession: ["sign-out ends the session; signing out again does nothing"]
        case .signInKeepsThePreviousUser: ["sign-in finds the account by handle in any letter case and switches to it"]
        case .conflictSignsInTheOwner: ["a taken handle in any letter case is a conflict and the session stays"]
        case .signsInBeforeCreating:
            ["invalid handles and names are refused at sign-up; nothing is stored or signed in"]
        case .acceptsAnyPassword:
            ["a wrong password or an unknown handle is unauthorized, a missing one invalid, and the session stays"]
        case .acceptsShortPasswords: ["sign-up needs a password of at least 8 bytes"]
        case .observersMissSignOut: ["observing gives who is signed in, then each sign-in and sign-out"]
        case .forgetsSessionOnReopen:
            ["the signed-in user is still signed in after a reopen, and signed out after one"]
        case .deviceLocalAcceptsPasswords:
            ["device-local sign-in refuses a password and an unknown handle, and the session stays"]
        }
    }

    /// The flow the broken service offers: device-local for the defect of that flow.
    var flow: SignInFlow { self == .deviceLocalAcceptsPasswords ? .deviceLocal : .password }
}

/// Accounts written the naive way over an in-memory users service, with one deliberate defect.
///
/// Instances made with the same `Shared` are reopenings of one store.
struct BrokenAuthenticationService: AuthenticationService {
    /// What survives a reopen: the passwords and who is signed in.
    final class Shared: Sendable {
        struct State {
            var passwords: [User.ID: String] = [:]
            var current: User.ID?
        }

        let state = Locked(State())
    }

    let defect: AuthenticationServiceDefect
    let users: any UserService
    private let shared: Shared
    private let changes: ChangeSignal

    init(_ defect: AuthenticationServiceDefect, users: any UserService, shared: Shared, changes: ChangeSignal) {
        self.defect = defect
        self.users = users
        self.shared = shared
        self.changes = changes
    }

    var signInFlow: SignInFlow { defect.flow }

    func signUp(_ draft: UserDraft, password: Password?) async throws(ServiceError) -> AccountSession {
        try checkPassword(password, isNew: true)
        if defect == .signsInBeforeCreating {
            shared.state.withLock { $0.current = User.ID("pending") }
        }
        let user: User
        do {
            user = try await users.create(draft)
        } catch .conflict(let reason) {
            if defect == .conflictSignsInTheOwner, let owner = try? await users.user(handle: Handle(draft.handle)) {
                set(owner.id)
            }
            throw .conflict(reason: reason)
        }
        shared.state.withLock { $0.passwords[user.id] = password?.text ?? "" }
        if defect != .signUpDoesNotSignIn { set(user.id) }
        return AccountSession(user: user)
    }

    func signIn(handle: Handle, password: Password?) async throws(ServiceError) -> AccountSession {
        try checkPassword(password, isNew: false)
        let user: User
        do {
            user = try await users.user(handle: handle)
        } catch .notFound(let what) {
            throw defect.flow.needsPassword ? .unauthorized(reason: "wrong handle or password") : .notFound(what: what)
        }
        let stored = shared.state.withLock { $0.passwords[user.id] }
        if defect.flow.needsPassword, defect != .acceptsAnyPassword, stored != password?.text {
            throw .unauthorized(reason: "wrong handle or password")
        }
        if defect != .signInKeepsThePreviousUser { set(user.id) }
        return AccountSession(user: user)
    }

    func signOut() async throws(ServiceError) {
        guard defect != .signOutKeepsSession else { return }
        shared.state.withLock { $0.current = nil }
        if defect != .observersMissSignOut { changes.notify() }
    }

    func currentSession() async throws(ServiceError) -> AccountSession? {
        guard let id = shared.state.withLock({ $0.current }) else { return nil }
        guard let user = try? await users.user(id: id) else {
            return AccountSession(
                user: User(id: id, handle: try! Handle("pending"), displayName: "?", createdAt: Date()))
        }
        return AccountSession(user: user)
    }

    func observeSession() -> ServiceObservation<AccountSession?> {
        .refreshing(on: changes) { () async throws(ServiceError) in try await currentSession() }
    }

    /// What a reopen does: a new instance on the same data, unless the defect forgets the session.
    func reopened() -> BrokenAuthenticationService {
        if defect == .forgetsSessionOnReopen { shared.state.withLock { $0.current = nil } }
        return BrokenAuthenticationService(defect, users: users, shared: shared, changes: changes)
    }

    private func set(_ user: User.ID) {
        shared.state.withLock { $0.current = user }
        changes.notify()
    }

    private func checkPassword(_ password: Password?, isNew: Bool) throws(ServiceError) {
        guard defect.flow.needsPassword else {
            if password != nil, defect != .deviceLocalAcceptsPasswords {
                throw .invalidInput(field: "password", reason: "device-local sign-in takes no password")
            }
            return
        }
        guard let password else { throw .invalidInput(field: "password", reason: "a password is needed") }
        if isNew, defect != .acceptsShortPasswords, password.text.utf8.count < Password.minimumBytes {
            throw .invalidInput(field: "password", reason: "too short")
        }
    }
}
