import Services

/// A fresh video host for one check, with control over its clock and a view of its storage.
public struct VideoHostingSubject: ContractSubject {
    /// The service under test.
    public let hosting: any VideoHostingService
    private let advanceBody: @Sendable (Duration) async -> Void
    private let storedItemsBody: @Sendable () async throws -> Int
    private let tearDownBody: @Sendable () async -> Void

    /// Creates a subject.
    ///
    /// - Parameters:
    ///   - advanceClock: moves the host's clock forward (fixtures declaring `.controlledClock`);
    ///     processing that is due by then must be reported as finished afterwards.
    ///   - storedItemCount: counts every video, partial upload and stored file the host holds
    ///     (fixtures declaring `.storageInspection`); 0 for a fresh host.
    ///   - tearDown: releases everything.
    public init(
        hosting: any VideoHostingService,
        advanceClock: @escaping @Sendable (Duration) async -> Void = { _ in },
        storedItemCount: @escaping @Sendable () async throws -> Int = {
            throw ContractFixtureError.storageInspectionUnsupported
        },
        tearDown: @escaping @Sendable () async -> Void = {}
    ) {
        self.hosting = hosting
        self.advanceBody = advanceClock
        self.storedItemsBody = storedItemCount
        self.tearDownBody = tearDown
    }

    /// Moves the host's clock forward by `duration`.
    public func advanceClock(by duration: Duration) async { await advanceBody(duration) }

    /// Counts everything the host holds in its storage.
    public func storedItemCount() async throws -> Int { try await storedItemsBody() }

    /// Releases everything the subject holds.
    public func tearDown() async { await tearDownBody() }
}
