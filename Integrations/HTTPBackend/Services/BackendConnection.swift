import Foundation
import HTTPSupport
import IntegrationSupport
import Services

/// What every service of the integration shares: the client, and the change signal its
/// observations wait on.
struct BackendConnection: Sendable {
    let client: HTTPClient
    /// The sessions of the users signed in on this device.
    let sessions: SessionKeeper
    let changes: ChangeSignal
    /// The backend's base URL, named in messages so the user knows which server failed.
    let baseURL: String

    /// Sends `endpoint`, mapping any failure to `ServiceError` (`subject` names what a 404 was about).
    func call<E: Endpoint>(
        _ endpoint: E, subject: String? = nil, idempotencyKey: String? = nil
    ) async throws(ServiceError) -> E.Response {
        do {
            return try await client.perform(endpoint, idempotencyKey: idempotencyKey)
        } catch {
            throw ServiceError(backend: error, operation: "\(E.operation) at \(baseURL)", subject: subject)
        }
    }

    /// Sends a change under an idempotency key (by default a fresh one per call; a queued command
    /// brings its own, kept across runs): every retry of it reuses the key, so the server applies
    /// it once however often its answer is lost. Wakes this process's observers when it succeeds
    /// (others see it on their next poll of the change feed).
    func change<E: Endpoint>(
        _ endpoint: E, subject: String? = nil, idempotencyKey: String = UUID().uuidString.lowercased()
    ) async throws(ServiceError) -> E.Response {
        let response = try await call(endpoint, subject: subject, idempotencyKey: idempotencyKey)
        changes.notify()
        return response
    }
}
