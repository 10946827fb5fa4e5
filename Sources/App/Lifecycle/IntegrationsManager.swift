import IntegrationSupport
import Services

/// Starts, stops and watches every integration the app uses.
///
/// - `start()` starts every integration concurrently (they are independent), each within its own
///   timeout; `start(only:)` starts just the ones named, so a command never waits for, or fails
///   on, an integration it does not use. Start is all-or-nothing for required integrations: if one
///   fails, those already started are stopped again and the error names the integration, the cause
///   and the remedy. An optional integration that fails to start is reported as degraded and the
///   app carries on.
/// - `startEach()` starts every integration and keeps whatever came up, for a report of each
///   one's health (failed ones included).
/// - `handle(_:)` forwards app lifecycle events (entering the background flushes pending writes).
/// - `stop()` stops every started integration in reverse registration order.
///
/// An actor: safe to call from any task; calls are serialised.
public actor IntegrationsManager {
    /// One integration and how the app depends on it.
    public struct Registration: Sendable {
        /// A stable name for the registration in `start(only:)`, e.g. how configuration spells
        /// the integration (`"sqlite"`).
        public let id: String
        /// The integration to drive.
        public let integration: any Integration
        /// Whether the app can run without it, degraded (a remote backend), or not (a local store).
        public let isOptional: Bool
        /// How long `start()` may take before it counts as failed. The late start is cancelled and
        /// the integration stopped; the wait is bounded only for starts that honour cancellation.
        public let startTimeout: Duration

        /// Registers `integration` as `id` (its name by default); not optional, with a 10 second
        /// start timeout, unless told otherwise.
        public init(
            _ integration: any Integration,
            id: String? = nil,
            isOptional: Bool = false,
            startTimeout: Duration = .seconds(10)
        ) {
            self.id = id ?? integration.name
            self.integration = integration
            self.isOptional = isOptional
            self.startTimeout = startTimeout
        }
    }

    /// One line of the health report.
    public struct HealthEntry: Sendable, Hashable {
        /// The integration's name.
        public let name: String
        /// Whether the app can run without it.
        public let isOptional: Bool
        /// Its current health.
        public let health: IntegrationHealth
    }

    private let registrations: [Registration]
    private let time: ElapsedClock
    private var started: [Int] = []
    private var startFailures: [Int: ServiceError] = [:]
    private var startTask: Task<Result<Void, IntegrationStartError>, Never>?

    /// Creates a manager for `registrations`, in the order they should start (and stop in
    /// reverse), measuring start timeouts on `clock` (a manual clock in tests).
    public init(_ registrations: [Registration], clock: any Clock<Duration> = ContinuousClock()) {
        self.registrations = registrations
        time = ElapsedClock(clock: clock)
    }

    /// Starts every integration; see the type's documentation for the rules.
    ///
    /// Calling it again while a start is in flight waits for that start and shares its outcome;
    /// after a successful start it returns at once until `stop()` is called.
    /// - Throws: `IntegrationStartError` for the first required integration that failed, after
    ///   stopping every integration.
    public func start() async throws(IntegrationStartError) {
        try await start(only: nil)
    }

    /// Starts the integrations registered under `ids` (all of them when `nil`); see `start()`. The
    /// first call decides which integrations start: later calls, whatever their `ids`, share its
    /// outcome until `stop()`.
    public func start(only ids: Set<String>?) async throws(IntegrationStartError) {
        let task: Task<Result<Void, IntegrationStartError>, Never>
        if let startTask {
            task = startTask
        } else {
            let selected = registrations.indices.filter { ids?.contains(registrations[$0].id) ?? true }
            task = Task { await self.startAll(selected) }
            startTask = task
        }
        try await task.value.get()
    }

    /// Starts every integration that is not running, keeps each that came up whatever the others
    /// did, and returns the health of every one: for a report, not for running the app.
    public func startEach() async -> [HealthEntry] {
        if let startTask { _ = await startTask.value }
        await startAndRecord(registrations.indices.filter { !started.contains($0) })
        return await healthReport()
    }

    /// Starts `indices` concurrently, records each one's outcome (a success clears an earlier
    /// failure), and stops the ones that did not come up: a start that failed or timed out may
    /// have half-opened resources, and `stop()` is safe on an integration that never started.
    private func startAndRecord(_ indices: [Int]) async {
        let outcomes = await startConcurrently(indices)
        for index in indices {
            if let failure = outcomes[index] ?? nil {
                startFailures[index] = failure
            } else {
                startFailures[index] = nil
                started.append(index)
            }
        }
        for index in indices.reversed() where startFailures[index] != nil {
            await registrations[index].integration.stop()
        }
    }

    private func startConcurrently(_ indices: [Int]) async -> [Int: ServiceError?] {
        let (registrations, time) = (registrations, time)
        return await withTaskGroup(of: (Int, ServiceError?).self) { group in
            for index in indices {
                let registration = registrations[index]
                group.addTask {
                    (index, await Self.start(registration.integration, within: registration.startTimeout, on: time))
                }
            }
            var outcomes: [Int: ServiceError?] = [:]
            for await (index, failure) in group {
                outcomes[index] = failure
            }
            return outcomes
        }
    }

    private func startAll(_ indices: [Int]) async -> Result<Void, IntegrationStartError> {
        started.removeAll()
        startFailures.removeAll()
        await startAndRecord(indices)
        let requiredFailure = indices.first { !registrations[$0].isOptional && startFailures[$0] != nil }
        if let index = requiredFailure, let cause = startFailures[index] {
            for index in started.reversed() {
                await registrations[index].integration.stop()
            }
            started.removeAll()
            startTask = nil
            return .failure(IntegrationStartError(integration: registrations[index].integration.name, cause: cause))
        }
        return .success(())
    }

    /// Forwards `event` to every started integration, in registration order.
    public func handle(_ event: LifecycleEvent) async {
        for index in started {
            await registrations[index].integration.handle(event)
        }
    }

    /// Stops every started integration in reverse registration order. A start in flight is
    /// awaited first, so nothing it starts is left running. Safe to call more than once.
    public func stop() async {
        if let startTask {
            _ = await startTask.value
            self.startTask = nil
        }
        for index in started.reversed() {
            await registrations[index].integration.stop()
        }
        started.removeAll()
    }

    /// The health of every registered integration, in registration order. One that failed to start
    /// is reported with the failure as the reason: failed when required, degraded when optional.
    public func healthReport() async -> [HealthEntry] {
        var entries: [HealthEntry] = []
        for (index, registration) in registrations.enumerated() {
            var health = await registration.integration.health()
            if let failure = startFailures[index] {
                health =
                    registration.isOptional
                    ? .degraded(reason: failure.description) : .failed(reason: failure.description)
            }
            entries.append(
                HealthEntry(name: registration.integration.name, isOptional: registration.isOptional, health: health))
        }
        return entries
    }

    private enum StartOutcome: Sendable {
        case started
        case failed(ServiceError)
    }

    /// Starts `integration`, turning a timeout into `.timedOut`. The late start is cancelled; an
    /// integration's `start()` must honour cancellation for the timeout to bound the wait.
    private static func start(
        _ integration: any Integration, within timeout: Duration, on time: ElapsedClock
    ) async -> ServiceError? {
        let outcome = await withTaskGroup(of: StartOutcome?.self) { group in
            group.addTask {
                do throws(ServiceError) {
                    try await integration.start()
                    return .started
                } catch {
                    return .failed(error)
                }
            }
            group.addTask {
                do {
                    try await time.sleep(for: timeout)
                    return .failed(.timedOut(operation: "starting \(integration.name) (limit \(timeout))"))
                } catch {
                    return nil  // Cancelled because the start finished first.
                }
            }
            var first: StartOutcome?
            while first == nil, let next = await group.next() {
                first = next
            }
            group.cancelAll()
            return first
        }
        if case .failed(let error) = outcome { return error }
        return nil
    }
}
