import Services

/// A fresh user service for one check.
public struct UserServiceSubject: ContractSubject {
    /// The service under test.
    public let users: any UserService
    private let reopenBody: @Sendable () async throws -> UserServiceSubject
    private let tearDownBody: @Sendable () async -> Void

    /// Creates a subject; see `PostServiceSubject.init` for `reopen` and `tearDown`.
    public init(
        users: any UserService,
        reopen: @escaping @Sendable () async throws -> UserServiceSubject = {
            throw ContractFixtureError.reopenUnsupported
        },
        tearDown: @escaping @Sendable () async -> Void = {}
    ) {
        self.users = users
        self.reopenBody = reopen
        self.tearDownBody = tearDown
    }

    /// Closes this subject and returns one opened on the same data.
    public func reopen() async throws -> UserServiceSubject { try await reopenBody() }

    /// Releases everything the subject holds.
    public func tearDown() async { await tearDownBody() }
}
