/// An operation captured as a value: it is built with every input it needs and executed later.
///
/// A command is `Sendable`, so it can be created on one task (for example on the main actor) and
/// executed on another, typically through a ``CommandQueue`` that decides how many commands run at
/// once and shares identical in-flight commands (see ``coalescingKey``).
///
/// Commands compose: a command's ``execute()`` may run other commands, either directly by calling
/// their `execute()` or through a queue. Running child commands through the *same* queue while the
/// parent holds one of its slots can deadlock; see ``CommandQueue`` for the rules.
///
/// Factories that hand out commands should return the abstract type (`any Command<Output>`), so a
/// test can substitute a stub (TestSupport's `TestCommand`) for the real one.
///
/// Thread safety: conforming types must be safe to use from any task (the `Sendable` requirement);
/// `execute()` may be called concurrently on several copies of the same command.
public protocol Command<Output>: Sendable {
    /// The value the command produces when it succeeds.
    associatedtype Output: Sendable

    /// Identifies commands whose results are interchangeable, or `nil` if every execution is distinct.
    ///
    /// While a command of the same type with the same key is executing on a ``CommandQueue``, the
    /// queue hands its result (or error) to every caller instead of executing again. Two commands of
    /// different types never share an execution, even when their keys are equal. Defaults to `nil`.
    var coalescingKey: String? { get }

    /// The name the command is reported under (`silo --verbose`, a runner's reports). Defaults to
    /// its type's name; a generic command that carries out something else names that instead.
    var reportedName: String { get }

    /// Performs the operation.
    ///
    /// Implementations should check for cancellation (`Task.isCancelled` or
    /// `Task.checkCancellation()`) at suitable points: a queue propagates the caller's cancellation
    /// into the running command.
    func execute() async throws -> Output
}

extension Command {
    /// Commands are not coalesced unless they opt in: the default key is `nil`.
    public var coalescingKey: String? { nil }

    /// The command's type, e.g. `LoadListingPage<Post>`.
    public var reportedName: String { String(describing: Self.self) }
}
