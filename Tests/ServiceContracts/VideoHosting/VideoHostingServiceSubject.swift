// scripts/remove-service deletes this file with the service it is part of: hosting
import Services

/// A fresh video host for one check, with control over its clock and a view of its storage.
public struct VideoHostingServiceSubject: ContractSubject {
    /// The service under test.
    public let hosting: any VideoHostingService
    /// Reopens (a host that keeps your media across restarts), tears down; see `SubjectHooks`.
    public let hooks: SubjectHooks<VideoHostingServiceSubject>
    private let advanceBody: @Sendable (Duration) async -> Void
    private let storedItemsBody: (@Sendable () async throws -> Int)?
    private let failProcessingBody: (@Sendable () async -> Void)?
    private let expectedDurationBody: (@Sendable (Int64) -> Duration)?

    /// Creates a subject.
    ///
    /// - Parameters:
    ///   - advanceClock: moves the host's processing clock forward (fixtures declaring
    ///     `.controlledClock`); processing that is due by then must be reported as finished afterwards.
    ///   - storedItemCount: counts every video, partial upload and stored file the host holds
    ///     (fixtures declaring `.storageInspection`); 0 for a fresh host.
    ///   - failProcessing: makes processing of every later upload end `.failed` (fixtures
    ///     declaring `.failableProcessing`).
    ///   - expectedDuration: the running time the host reports, once processed, for a file of
    ///     this many bytes (fixtures declaring `.knownDuration`).
    ///   - hooks: reopen and tear-down; see `SubjectHooks.init`.
    public init(
        hosting: any VideoHostingService,
        advanceClock: @escaping @Sendable (Duration) async -> Void = { _ in },
        storedItemCount: (@Sendable () async throws -> Int)? = nil,
        failProcessing: (@Sendable () async -> Void)? = nil,
        expectedDuration: (@Sendable (Int64) -> Duration)? = nil,
        hooks: SubjectHooks<VideoHostingServiceSubject> = SubjectHooks()
    ) {
        self.hosting = hosting
        self.advanceBody = advanceClock
        self.storedItemsBody = storedItemCount
        self.failProcessingBody = failProcessing
        self.expectedDurationBody = expectedDuration
        self.hooks = hooks
    }

    /// Moves the host's clock forward by `duration`.
    public func advanceClock(by duration: Duration) async { await advanceBody(duration) }

    /// Counts everything the host holds in its storage.
    public func storedItemCount() async throws -> Int {
        guard let storedItemsBody else { throw ContractFixtureError.storageInspectionUnsupported }
        return try await storedItemsBody()
    }

    /// Makes processing of every later upload fail.
    public func failProcessing() async throws {
        guard let failProcessingBody else { throw ContractFixtureError.failableProcessingUnsupported }
        await failProcessingBody()
    }

    /// The running time the host reports for a processed file of `byteCount` bytes.
    public func expectedDuration(byteCount: Int64) throws -> Duration {
        guard let expectedDurationBody else { throw ContractFixtureError.knownDurationUnsupported }
        return expectedDurationBody(byteCount)
    }
}
