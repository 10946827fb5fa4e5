import Foundation
import Services
import TestSupport

/// How long the observation checks wait: for a promised value (`deadline`), and for the quiet
/// that must follow a change elsewhere (`quietWindow`).
///
/// Task-local, so the planted-defect runs can shorten both: a defect that never delivers then
/// fails its check in a fraction of the time, and no correct implementation is measured with them.
public enum ObservationWaits {
    /// How long a check waits for a value the observation promised before it calls the wait hung:
    /// `HangGuard.limit`. Every wait is for the value's arrival (an event); the limit only turns an
    /// observation that never delivers into a failure, whatever the machine's load.
    @TaskLocal public static var deadline: Duration = HangGuard.limit
    /// How long an observation must stay quiet after a change that is not its owner's: 1 s.
    @TaskLocal public static var quietWindow: Duration = .seconds(1)
}

/// Consumes an observation in a task of its own and lets a check wait for what it delivered.
///
/// Every wait has a deadline, so a defect that never delivers fails the check instead of hanging
/// it. The deadlines are generous (an observation promises delivery well within them); the checks
/// that wait for nothing to arrive use `anything(within:)` and say so in their names.
public final class ObservationProbe<Value: Sendable>: Sendable {
    /// What the observation did, in order.
    public enum Event: Sendable {
        /// It delivered a value.
        case value(Value)
        /// It ended (`next()` returned `nil`).
        case finished
        /// It failed.
        case failed(ServiceError)

        /// Whether the observation ended.
        public var isFinished: Bool {
            if case .finished = self { true } else { false }
        }

        /// The error the observation failed with, if it failed.
        public var failure: ServiceError? {
            if case .failed(let error) = self { error } else { nil }
        }
    }

    /// Why a wait ended without what it waited for.
    public struct Timeout: Error, CustomStringConvertible {
        /// What the check waited for.
        public let waitingFor: String
        /// What the observation had delivered by then.
        public let delivered: Int
        /// `"no fresh value within the deadline (2 delivered)"`.
        public var description: String { "\(waitingFor) within the deadline (\(delivered) delivered)" }
    }

    /// How long a check waits for a value the observation promised.
    public static var deadline: Duration { ObservationWaits.deadline }

    private let consumer: Task<Void, Never>
    private let received: AwaitableState<[Event]>
    private let delivered = Locked(0)

    /// Starts consuming `observation`.
    public init(_ observation: ServiceObservation<Value>) {
        let received = AwaitableState<[Event]>([])
        self.received = received
        consumer = Task {
            var values = observation.makeAsyncIterator()
            do throws(ServiceError) {
                while let value = try await values.next() {
                    received.update { $0.append(.value(value)) }
                }
                received.update { $0.append(.finished) }
            } catch {
                received.update { $0.append(.failed(error)) }
            }
        }
    }

    deinit {
        consumer.cancel()
    }

    /// Stops consuming: the consuming task is cancelled, as a view that disappears would do.
    public func cancel() {
        consumer.cancel()
    }

    /// The next event, as soon as the observation delivers it, or `nil` when none came within
    /// `limit` (or the waiting task was cancelled).
    public func nextEvent(within limit: Duration = deadline) async -> Event? {
        guard (try? await received.wait(until: { !$0.isEmpty }, within: limit)) != nil else { return nil }
        let event = received.update { events in events.isEmpty ? nil : events.removeFirst() }
        if case .value = event { delivered.withLock { $0 += 1 } }
        return event
    }

    /// The next value; throws `Timeout` when none came within `limit`, and the observation's error
    /// when it failed instead.
    public func next(within limit: Duration = deadline, _ waitingFor: String = "a value") async throws -> Value {
        switch await nextEvent(within: limit) {
        case .value(let value): return value
        case .failed(let error): throw error
        case .finished: throw Timeout(waitingFor: "\(waitingFor), but the observation ended,", delivered: count)
        case nil: throw Timeout(waitingFor: "no \(waitingFor)", delivered: count)
        }
    }

    /// Values until one satisfies `isWanted`, which is returned with the ones before it; throws
    /// `Timeout` when none does within `limit` overall.
    public func values(
        until isWanted: (Value) -> Bool,
        within limit: Duration = deadline,
        _ waitingFor: String
    ) async throws -> [Value] {
        let end = ContinuousClock.now.advanced(by: limit)
        var seen: [Value] = []
        while true {
            let remaining = end - ContinuousClock.now
            guard remaining > .zero else { throw Timeout(waitingFor: "no \(waitingFor)", delivered: count) }
            let value = try await next(within: remaining, waitingFor)
            seen.append(value)
            if isWanted(value) { return seen }
        }
    }

    /// What the observation delivered within `window`, or `nil` when it delivered nothing: for the
    /// checks that a change elsewhere delivers nothing.
    public func anything(within window: Duration) async -> Event? {
        await nextEvent(within: window)
    }

    /// How many values were taken so far.
    public var count: Int { delivered.current }
}
