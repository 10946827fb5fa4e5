import Services

/// A fresh user service for one check.
public struct UserServiceSubject: ContractSubject {
    /// The service under test.
    public let users: any UserService
    /// Reopens, opens a second instance, tears down; see `SubjectHooks`.
    public let hooks: SubjectHooks<UserServiceSubject>

    /// Creates a subject; see `SubjectHooks.init` for `hooks`.
    public init(users: any UserService, hooks: SubjectHooks<UserServiceSubject> = SubjectHooks()) {
        self.users = users
        self.hooks = hooks
    }
}
