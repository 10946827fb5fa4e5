import Services

extension ServiceError {
    /// Maps any error a command, queue or clock can throw to the app's one error vocabulary:
    /// a `ServiceError` stays as it is, `CancellationError` becomes `.cancelled`, and anything
    /// else becomes `.unavailable` with the error's description.
    init(converting error: any Error) {
        switch error {
        case let error as ServiceError:
            self = error
        case is CancellationError:
            self = .cancelled
        default:
            self = .unavailable(reason: String(describing: error), retryAfter: nil)
        }
    }

    /// Runs `body`, converting whatever it throws with `init(converting:)`.
    static func converting<T>(_ body: () async throws -> T) async throws(ServiceError) -> T {
        do {
            return try await body()
        } catch {
            throw ServiceError(converting: error)
        }
    }
}
