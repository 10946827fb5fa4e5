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
    let crash: CrashHooks<Subject>?
    let format: FormatHooks<Subject>?
    let unreadableStart: (@Sendable () async throws -> UnreadableStart)?
    let heldReads: HeldReads?

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
    ///   - crash: crashes the store and opens what is on disk (fixtures declaring `.crashRecovery`).
    ///   - format: the documented format's sample and what the store wrote (`.documentedFormat`).
    ///   - unreadableStart: stops the subject, makes its data unreadable, starts on it and reports
    ///     what happened, then makes it readable again (`.unreadableStore`).
    ///   - heldReads: holds the service's reads until released (`.heldReads`).
    public init(
        reopen: (@Sendable () async throws -> Subject)? = nil,
        secondInstance: (@Sendable () async throws -> Subject)? = nil,
        tearDown: @escaping @Sendable () async -> Void = {},
        observerCount: (@Sendable () async -> Int)? = nil,
        crash: CrashHooks<Subject>? = nil,
        format: FormatHooks<Subject>? = nil,
        unreadableStart: (@Sendable () async throws -> UnreadableStart)? = nil,
        heldReads: HeldReads? = nil
    ) {
        self.reopen = reopen
        self.secondInstance = secondInstance
        self.tearDown = tearDown
        self.observerCount = observerCount
        self.crash = crash
        self.format = format
        self.unreadableStart = unreadableStart
        self.heldReads = heldReads
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

    /// Makes the store's next durable write, and every one after it, fail as if the process died.
    public func armCrash() async throws {
        guard let crash = hooks.crash else { throw ContractFixtureError.crashRecoveryUnsupported }
        try await crash.arm()
    }

    /// Whether the armed crash happened (a durable write was attempted since `armCrash()`).
    public func hasCrashed() async throws -> Bool {
        guard let crash = hooks.crash else { throw ContractFixtureError.crashRecoveryUnsupported }
        return try await crash.hasCrashed()
    }

    /// Crashes the store now if it has not, and returns a subject opened on what is on disk.
    public func recoverFromCrash() async throws -> Self {
        guard let crash = hooks.crash else { throw ContractFixtureError.crashRecoveryUnsupported }
        return try await crash.recover()
    }

    /// The documented format's hooks.
    public func documentedFormat() throws -> FormatHooks<Self> {
        guard let format = hooks.format else { throw ContractFixtureError.documentedFormatUnsupported }
        return format
    }

    /// Stops this subject, starts on its data made unreadable, and reports what the start did.
    public func startOnUnreadableStore() async throws -> UnreadableStart {
        guard let start = hooks.unreadableStart else { throw ContractFixtureError.unreadableStoreUnsupported }
        return try await start()
    }

    /// The hooks that hold the service's reads.
    public func heldReads() throws -> HeldReads {
        guard let held = hooks.heldReads else { throw ContractFixtureError.heldReadsUnsupported }
        return held
    }

    /// Releases everything the subject (and what was reopened or opened beside it) holds.
    public func tearDown() async {
        await hooks.tearDown()
    }
}
