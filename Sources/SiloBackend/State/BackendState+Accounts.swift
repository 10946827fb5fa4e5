import Models
import Services

extension BackendState {
    /// Keeps `password` as the password of `userID`'s account, and ends the sign-up begun under
    /// `handle` (`beginSignUp(_:password:)`) in the same write.
    ///
    /// - Throws: `.unavailable` when the journal cannot be written (nothing changed then; the
    ///   next start completes the account from the begun sign-up).
    func addAccount(_ userID: User.ID, password: PasswordHash, signedUpAs handle: Handle) throws(ServiceError) {
        try commit([
            .accountCreated(AccountRecord(userID: userID.rawValue, password: password)),
            .signUpEnded(handle: handle.rawValue),
        ])
    }

    /// The password hash of `userID`'s account; `nil` for a device account (it has no password,
    /// so nobody can sign in to it).
    func password(of userID: User.ID) -> PasswordHash? {
        accounts[userID.rawValue]
    }
}
