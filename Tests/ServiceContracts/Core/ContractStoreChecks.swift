import Foundation
import Services
import Testing

/// What the durability and freshness checks of every store contract share.
enum ContractStoreChecks {
    /// Expects a start on unreadable data to have failed with an error that names it and says what
    /// it is, and to have created or changed nothing beside it.
    static func expectRefused(_ start: UnreadableStart, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = start.error else {
            Issue.record(
                "the store started on unreadable data at \(start.location), as if it were absent",
                sourceLocation: sourceLocation)
            return
        }
        #expect(
            [.unavailable, .corruptData].contains(error.kind), "an unreadable store gave \(error)",
            sourceLocation: sourceLocation)
        #expect(
            error.description.contains(start.location), "the error does not name \(start.location): \(error)",
            sourceLocation: sourceLocation)
        #expect(
            start.entriesAfter == start.entriesBefore,
            "the failed start created or changed files: before \(start.entriesBefore), after \(start.entriesAfter)",
            sourceLocation: sourceLocation)
    }

    /// Runs `second` (a read that starts after a write returned) while `first` (the same read,
    /// started before the write) is held unanswered, and returns `second`'s answer.
    ///
    /// `second` must reach the store as a read of its own: an implementation that lets it join the
    /// older read in flight would answer it with data from before the write. Every read is held
    /// until both have arrived, so the check does not depend on how fast anything runs; a read that
    /// never arrives fails the check once `ObservationWaits.deadline` has passed.
    static func readAfterWrite<Value: Sendable>(
        held: HeldReads,
        first: @escaping @Sendable () async throws -> Value,
        write: () async throws -> Void,
        second: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await held.hold()
        let older = Task { try await first() }
        do {
            try await waitForHeld(1, held, "the first read")
            try await write()
            let newer = Task { try await second() }
            do {
                try await waitForHeld(
                    2, held,
                    "a read that started after the write returned (it joined the older read still in flight, "
                        + "which cannot hold the write)")
            } catch {
                try await held.release()
                newer.cancel()
                _ = try? await older.value
                throw error
            }
            try await held.release()
            _ = try await older.value
            return try await newer.value
        } catch {
            try? await held.release()
            older.cancel()
            throw error
        }
    }

    private static func waitForHeld(_ count: Int, _ held: HeldReads, _ what: String) async throws {
        let limit = ObservationWaits.deadline
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await held.waitForHeld(count)
                return true
            }
            group.addTask {
                try await Task.sleep(for: limit)
                return false
            }
            defer { group.cancelAll() }
            guard try await group.next() == true else { throw NeverArrived(what: what, limit: limit) }
        }
    }

    /// A read the store never received.
    struct NeverArrived: Error, CustomStringConvertible {
        let what: String
        let limit: Duration
        var description: String { "\(what) never reached the store (waited \(limit))" }
    }
}
