import Services

/// What is particular to one use case: the request it takes, the response it gives, the service it
/// calls, and the work in between. ``UseCaseCommand`` carries any use case out as a `Command`, so a
/// use case declares only these four things.
///
/// Rules every `run` keeps: it checks the request with the `Models` rules before calling the
/// service (bad input fails with `.invalidInput` naming the field, whatever the integration), it
/// checks for cancellation before it calls the service, and it throws `ServiceError` only.
public protocol UseCase {
    /// What the caller asks for, as typed.
    associatedtype Request: Hashable, Sendable
    /// What the use case gives back.
    associatedtype Response: Hashable, Sendable
    /// The service the use case calls (its protocol, never an integration's type).
    associatedtype Service: Sendable

    /// Carries out `request` with `service`.
    static func run(_ request: Request, with service: Service) async throws(ServiceError) -> Response
}

extension UseCase {
    /// The command that carries out `request` with `service`; nothing runs until `execute()`.
    public static func command(_ request: Request, with service: Service) -> UseCaseCommand<Self> {
        UseCaseCommand(request: request, service: service)
    }
}
