/// What a program prints on standard error for a malformed command line, as swift-argument-parser
/// prints it:
///
/// ```
/// Error: Unknown option '--limt'. Did you mean '--limit'?
/// Usage: silo feed [--limit <n>] [--after <cursor>] [--all] [--follow]
///   See 'silo feed --help' for more information.
/// ```
public struct UsageMessage: Sendable, Equatable {
    /// What is wrong, as a sentence.
    public var problem: String
    /// The usage line of the program or command, or `nil`.
    public var usage: String?
    /// The command that prints more help: `silo feed --help`.
    public var helpCommand: String

    /// A message saying `problem`, showing `usage`, and pointing at `helpCommand`.
    public init(_ problem: String, usage: String?, helpCommand: String) {
        self.problem = problem
        self.usage = usage
        self.helpCommand = helpCommand
    }

    /// `problem` followed by "Did you mean 'x'?" when one of `candidates` is near `typed`.
    public static func suggesting(_ problem: String, typed: String, among candidates: some Sequence<String>) -> String {
        guard let closest = ClosestName.to(typed, among: candidates) else { return problem }
        return "\(problem). Did you mean '\(closest)'?"
    }

    /// The lines to print, without a trailing newline.
    public var text: String {
        var lines = ["Error: " + problem]
        if let usage { lines.append("Usage: " + usage) }
        lines.append("  See '\(helpCommand)' for more information.")
        return lines.joined(separator: "\n")
    }
}
