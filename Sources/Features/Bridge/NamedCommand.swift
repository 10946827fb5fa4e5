/// A command whose name in reports is not its type's name: a `UseCaseCommand` reports the use
/// case it carries out (`PublishPost`, not `UseCaseCommand<PublishPost>`).
protocol NamedCommand {
    /// The name `UseCaseRunner` reports the command under.
    var name: String { get }
}
