// scripts/remove-service deletes this file with the service it is part of: authentication
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a password: typed on the terminal with echo off, or as one line of standard input
/// (`--password-stdin`, for scripts). Never from an argument or the environment; never printed.
enum PasswordPrompt {
    /// What reading gave.
    enum Read: Equatable {
        /// The password, without its line end.
        case password(String)
        /// Standard input is not a terminal, so nobody can be asked.
        case noTerminal
        /// Standard input ended before a line came.
        case ended
    }

    /// The password typed after `prompt` (shown on standard error, what it interpolates escaped,
    /// as a handle typed with control characters) with echo off.
    static func readFromTerminal(prompt: TerminalText) -> Read {
        guard isatty(STDIN_FILENO) == 1 else { return .noTerminal }
        FileHandle.standardError.write(Data(prompt.plain.utf8))
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var hidden = saved
            hidden.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
        }
        defer {
            if canHide { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine()
    }

    /// One line of standard input.
    static func readLine() -> Read {
        Swift.readLine(strippingNewline: true).map(Read.password) ?? .ended
    }
}
