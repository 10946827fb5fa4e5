/// The command line was malformed; `silo` prints the message and exits with status 64.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in one line; it may quote what was typed (the terminal escapes it).
    let description: String
    /// The command whose usage to point at, if known.
    let command: String?

    init(_ description: String, command: String? = nil) {
        self.description = description
        self.command = command
    }
}
