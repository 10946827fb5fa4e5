import Services

/// A fresh video library for one check.
public struct VideoLibrarySubject: ContractSubject {
    /// The service under test.
    public let library: any VideoLibraryService
    private let reopenBody: @Sendable () async throws -> VideoLibrarySubject
    private let tearDownBody: @Sendable () async -> Void

    /// Creates a subject; see `PostServiceSubject.init` for `reopen` and `tearDown`.
    public init(
        library: any VideoLibraryService,
        reopen: @escaping @Sendable () async throws -> VideoLibrarySubject = {
            throw ContractFixtureError.reopenUnsupported
        },
        tearDown: @escaping @Sendable () async -> Void = {}
    ) {
        self.library = library
        self.reopenBody = reopen
        self.tearDownBody = tearDown
    }

    /// Closes this subject and returns one opened on the same data.
    public func reopen() async throws -> VideoLibrarySubject { try await reopenBody() }

    /// Releases everything the subject holds.
    public func tearDown() async { await tearDownBody() }
}
