import Models
import Services

extension BackendState {
    /// Keeps `password` as the password of `userID`'s account.
    ///
    /// - Throws: `.unavailable` when the journal cannot be written (nothing changed then).
    func addAccount(_ userID: User.ID, password: PasswordHash) throws(ServiceError) {
        try commit([.accountCreated(AccountRecord(userID: userID.rawValue, password: password))])
    }

    /// The password hash of `userID`'s account; `nil` for a device account (it has no password,
    /// so nobody can sign in to it).
    func password(of userID: User.ID) -> PasswordHash? {
        accounts[userID.rawValue]
    }
}
