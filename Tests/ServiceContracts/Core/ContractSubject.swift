/// A service under test, made fresh by a fixture for one contract check.
///
/// Every subject carries `SubjectHooks`: how to reopen it on the same data, how to open a second
/// instance beside it, and how to release it. The extension methods below call them.
public protocol ContractSubject: Sendable {
    /// What the fixture can do with this subject beyond its services.
    var hooks: SubjectHooks<Self> { get }
}

/// What a fixture can do with a subject beyond handing out its services.
///
/// Leave a hook `nil` when the fixture does not declare the matching capability; calling it then
/// throws `ContractFixtureError`.
public struct SubjectHooks<Subject: Sendable>: Sendable {
    let reopen: (@Sendable () async throws -> Subject)?
    let secondInstance: (@Sendable () async throws -> Subject)?
    let tearDown: @Sendable () async -> Void
    let observerCount: (@Sendable () async -> Int)?

    /// Creates the hooks.
    ///
    /// - Parameters:
    ///   - reopen: closes the subject's services and returns new ones opened on the same data
    ///     (fixtures declaring `.reopen`).
    ///   - secondInstance: returns another subject on the same data, opened separately, while
    ///     this one stays open (fixtures declaring `.secondInstance`).
    ///   - tearDown: releases everything; called once after the check on the subject the fixture
    ///     made, so it must also release whatever `reopen` and `secondInstance` opened since.
    ///   - observerCount: how many observations the store is running now (fixtures declaring
    ///     `.observerCount`).
    public init(
        reopen: (@Sendable () async throws -> Subject)? = nil,
        secondInstance: (@Sendable () async throws -> Subject)? = nil,
        tearDown: @escaping @Sendable () async -> Void = {},
        observerCount: (@Sendable () async -> Int)? = nil
    ) {
        self.reopen = reopen
        self.secondInstance = secondInstance
        self.tearDown = tearDown
        self.observerCount = observerCount
    }
}

extension ContractSubject {
    /// Closes this subject and returns one opened on the same data.
    public func reopen() async throws -> Self {
        guard let reopen = hooks.reopen else { throw ContractFixtureError.reopenUnsupported }
        return try await reopen()
    }

    /// Returns a second subject on the same data, opened beside this one.
    public func secondInstance() async throws -> Self {
        guard let open = hooks.secondInstance else { throw ContractFixtureError.secondInstanceUnsupported }
        return try await open()
    }

    /// How many observations the store is running now.
    public func observerCount() async throws -> Int {
        guard let count = hooks.observerCount else { throw ContractFixtureError.observerCountUnsupported }
        return await count()
    }

    /// Releases everything the subject (and what was reopened or opened beside it) holds.
    public func tearDown() async {
        await hooks.tearDown()
    }
}
