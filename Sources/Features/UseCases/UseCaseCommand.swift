import Commands
import Services

/// A use case captured as a command: built with its request and its service, carried out later
/// (on a `CommandQueue`, or directly by another command).
///
/// `UseCases` returns it as `any Command<Response>`, so a presenter never names it and a test can
/// hand the presenter a `TestCommand` instead.
public struct UseCaseCommand<Case: UseCase>: Command {
    /// The request this command carries out.
    public let request: Case.Request
    private let service: Case.Service

    /// Creates the command; nothing runs until `execute()`.
    public init(request: Case.Request, service: Case.Service) {
        self.request = request
        self.service = service
    }

    /// The use case's name (`PublishPost`, not `UseCaseCommand<PublishPost>`).
    public var reportedName: String { String(describing: Case.self) }

    /// Carries the request out: see the use case's `run` for what it does and throws.
    public func execute() async throws(ServiceError) -> Case.Response {
        try await Case.run(request, with: service)
    }
}
