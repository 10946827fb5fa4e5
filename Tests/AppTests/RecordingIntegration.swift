import Services
import TestSupport

/// An integration that records what the manager asked of it, in one log shared across integrations.
final class RecordingIntegration: Integration {
    enum Behaviour: Sendable {
        case succeeds
        case fails(ServiceError)
        /// Never finishes starting unless cancelled.
        case hangs
        /// Finishes starting once `gate` holds `true`.
        case waits(for: AwaitableState<Bool>)
    }

    let name: String
    /// It provides nothing: the manager only drives its lifecycle.
    let services = ServiceSet()
    private let behaviour: Behaviour
    private let log: AwaitableState<[String]>
    private let state = Locked<IntegrationHealth>(.notStarted)

    init(_ name: String, _ behaviour: Behaviour = .succeeds, log: AwaitableState<[String]>) {
        self.name = name
        self.behaviour = behaviour
        self.log = log
    }

    func start() async throws(ServiceError) {
        log.update { $0.append("start \(name)") }
        switch behaviour {
        case .succeeds:
            state.withLock { $0 = .healthy }
        case .fails(let error):
            state.withLock { $0 = .failed(reason: error.description) }
            throw error
        case .hangs:
            // Waits for something that never happens; only cancellation ends it.
            _ = try? await AwaitableState(false).wait { $0 }
            throw .cancelled
        case .waits(let gate):
            do {
                try await gate.wait { $0 }
            } catch {
                throw .cancelled
            }
            state.withLock { $0 = .healthy }
        }
    }

    func stop() async {
        log.update { $0.append("stop \(name)") }
        state.withLock { $0 = .stopped }
    }

    func handle(_ event: LifecycleEvent) async {
        log.update { $0.append("\(event.rawValue) \(name)") }
    }

    func health() async -> IntegrationHealth {
        state.current
    }
}
