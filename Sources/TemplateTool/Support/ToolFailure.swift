/// Why the template tool stopped: a message naming what failed and what to do, and the exit status
/// (64 for a usage error, as `sysexits.h` has it; 1 for anything else).
struct ToolFailure: Error, CustomStringConvertible {
    /// What failed and the remedy.
    let message: String
    /// The process's exit status.
    let status: Int32

    /// A usage error: the arguments cannot work (exit 64).
    static func usage(_ message: String) -> ToolFailure {
        ToolFailure(message: message, status: 64)
    }

    /// A failure of the work itself (exit 1).
    static func failed(_ message: String) -> ToolFailure {
        ToolFailure(message: message, status: 1)
    }

    var description: String { message }
}
