import Foundation
import Services

/// How a fixture crashes its store and opens what is on disk (`.crashRecovery`).
public struct CrashHooks<Subject: Sendable>: Sendable {
    let arm: @Sendable () async throws -> Void
    let hasCrashed: @Sendable () async throws -> Bool
    let recover: @Sendable () async throws -> Subject

    /// Creates the hooks.
    ///
    /// - Parameters:
    ///   - arm: makes the store's next durable write, and every one after it, fail as if the
    ///     process died just before it (`CrashSwitch.arm()`, or a server told to die there).
    ///   - hasCrashed: whether the armed crash happened: a durable write was attempted.
    ///   - recover: crashes the store now if it has not (no clean stop: nothing more is written),
    ///     and returns a subject opened on what is on disk.
    public init(
        arm: @escaping @Sendable () async throws -> Void,
        hasCrashed: @escaping @Sendable () async throws -> Bool,
        recover: @escaping @Sendable () async throws -> Subject
    ) {
        self.arm = arm
        self.hasCrashed = hasCrashed
        self.recover = recover
    }
}

/// What a start on unreadable data did (`.unreadableStore`).
public struct UnreadableStart: Sendable {
    /// The error the start failed with, or `nil` when it started.
    public let error: ServiceError?
    /// The path of what was made unreadable: the error must name it.
    public let location: String
    /// Every file beside the data before the start, as `path size sha256`.
    public let entriesBefore: [String]
    /// The same listing after the start: equal when the start created and changed nothing.
    public let entriesAfter: [String]

    /// Creates a record of a start on unreadable data.
    public init(error: ServiceError?, location: String, entriesBefore: [String], entriesAfter: [String]) {
        self.error = error
        self.location = location
        self.entriesBefore = entriesBefore
        self.entriesAfter = entriesAfter
    }
}

/// How a fixture holds the service's reads (`.heldReads`).
public struct HeldReads: Sendable {
    let hold: @Sendable () async throws -> Void
    let waitForHeld: @Sendable (Int) async throws -> Void
    let release: @Sendable () async throws -> Void

    /// Creates the hooks.
    ///
    /// - Parameters:
    ///   - hold: from now on, every read the service sends is held unanswered until `release`.
    ///   - waitForHeld: returns once at least this many reads are held (an event, not a poll).
    ///   - release: answers every held read, and stops holding.
    public init(
        hold: @escaping @Sendable () async throws -> Void,
        waitForHeld: @escaping @Sendable (Int) async throws -> Void,
        release: @escaping @Sendable () async throws -> Void
    ) {
        self.hold = hold
        self.waitForHeld = waitForHeld
        self.release = release
    }
}
