import Models
import Services

extension BackendState {
    /// Claims `handle` for one sign-up at a time in this process; `releaseHandle(_:)` gives it back.
    ///
    /// - Throws: `.conflict` while another sign-up for the handle is being served.
    func claimHandle(_ handle: Handle) throws(ServiceError) {
        guard handlesInSignUp.insert(handle.rawValue).inserted else {
            throw .conflict(reason: "another sign-up for handle \(handle) is under way; choose another handle")
        }
    }

    /// Gives back a handle `claimHandle(_:)` claimed.
    func releaseHandle(_ handle: Handle) {
        handlesInSignUp.remove(handle.rawValue)
    }

    /// Records that a sign-up with `password` began for `handle`, which no user holds, before its
    /// user is created: if the process stops before the account is kept, `settleSignUps(users:)`
    /// finishes it at the next start.
    ///
    /// - Throws: `.unavailable` when the journal cannot be written (nothing changed then).
    func beginSignUp(_ handle: Handle, password: PasswordHash) throws(ServiceError) {
        try commit([.signUpBegan(SignUpRecord(handle: handle.rawValue, password: password))])
    }

    /// Records that the sign-up for `handle` failed before its user was created.
    ///
    /// - Throws: `.unavailable` when the journal cannot be written; the next sign-up for the
    ///   handle (`endAbandonedSignUp(_:)`) or the next start ends it then.
    func endSignUp(_ handle: Handle) throws(ServiceError) {
        try commit([.signUpEnded(handle: handle.rawValue)])
    }

    /// Ends a sign-up begun for `handle` that no sign-up is serving any more: one whose user was
    /// never made and whose end could not be written. Call it with the handle claimed and known
    /// to be free. Nothing to do, and nothing written, in the usual case.
    ///
    /// - Throws: `.unavailable` when the journal cannot be written: the new sign-up must not go on.
    func endAbandonedSignUp(_ handle: Handle) throws(ServiceError) {
        guard signUpsBegun[handle.rawValue] != nil else { return }
        try endSignUp(handle)
    }

    /// Finishes the sign-ups a stop cut short, from the journal's records of them: where the user
    /// was created, its account gets the password the sign-up began with; where it was not, the
    /// sign-up ends and the handle stays free. Call it once, after `open()` and before serving:
    /// a sign-up begins only for a handle no user holds and one sign-up at a time claims a handle,
    /// so a user found under a begun sign-up's handle is the one that sign-up created.
    ///
    /// - Returns: how many accounts it completed.
    /// - Throws: what reading `users` or writing the journal throws; nothing is lost then, and the
    ///   next start tries again.
    func settleSignUps(users: any UserService) async throws(ServiceError) -> Int {
        var completed = 0
        for (rawHandle, password) in signUpsBegun.sorted(by: { $0.key < $1.key }) {
            var records: [StateRecord] = [.signUpEnded(handle: rawHandle)]
            if let handle = Handle(rawValue: rawHandle), let user = try await users.userHolding(handle),
                accounts[user.id.rawValue] == nil
            {
                records.insert(.accountCreated(AccountRecord(userID: user.id.rawValue, password: password)), at: 0)
                completed += 1
            }
            try commit(records)
        }
        return completed
    }
}

extension UserService {
    /// The user holding `handle`, or `nil` when no user does.
    ///
    /// - Throws: what `user(handle:)` throws but `.notFound`.
    func userHolding(_ handle: Handle) async throws(ServiceError) -> User? {
        do throws(ServiceError) {
            return try await user(handle: handle)
        } catch .notFound {
            return nil
        }
    }
}
