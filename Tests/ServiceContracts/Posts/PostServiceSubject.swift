import Services

/// A fresh post service for one check, with the user service of the same integration so checks
/// can create authors.
public struct PostServiceSubject: ContractSubject {
    /// The service under test.
    public let posts: any PostService
    /// Creates the authors the checks publish as; from the same integration as `posts`.
    public let users: any UserService
    private let reopenBody: @Sendable () async throws -> PostServiceSubject
    private let tearDownBody: @Sendable () async -> Void

    /// Creates a subject.
    ///
    /// - Parameters:
    ///   - reopen: closes this subject's services and opens new ones on the same data; only
    ///     called when the fixture declares `.reopen`.
    ///   - tearDown: releases everything; called once after the check on the subject the fixture
    ///     made, so it must also release whatever `reopen` opened since.
    public init(
        posts: any PostService,
        users: any UserService,
        reopen: @escaping @Sendable () async throws -> PostServiceSubject = {
            throw ContractFixtureError.reopenUnsupported
        },
        tearDown: @escaping @Sendable () async -> Void = {}
    ) {
        self.posts = posts
        self.users = users
        self.reopenBody = reopen
        self.tearDownBody = tearDown
    }

    /// Closes this subject and returns one opened on the same data.
    public func reopen() async throws -> PostServiceSubject { try await reopenBody() }

    /// Releases everything the subject holds.
    public func tearDown() async { await tearDownBody() }
}
