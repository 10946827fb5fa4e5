// Placeholder for the Commands module (branch `commands`), matching its announced API, so this branch
// builds before that branch lands. Replaced by the real module when `commands` is merged.
public protocol Command<Output>: Sendable {
    associatedtype Output: Sendable
    var coalescingKey: String? { get }
    func execute() async throws -> Output
}
extension Command {
    public var coalescingKey: String? { nil }
}
public actor CommandQueue {
    public init(maxConcurrentCommands: Int) {}
    public func run<C: Command>(_ command: C) async throws -> C.Output {
        try await command.execute()
    }
}
public final class TestCommand<Output: Sendable>: Command, @unchecked Sendable {
    let body: @Sendable () async throws -> Output
    public var executionCount = 0
    public init(_ body: @escaping @Sendable () async throws -> Output) { self.body = body }
    public func execute() async throws -> Output { executionCount += 1; return try await body() }
}
