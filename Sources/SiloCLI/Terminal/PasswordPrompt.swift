import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a password: from the terminal with echo off, or as one line of standard input when it is
/// not a terminal (`echo "$PASSWORD" | silo sign-in ann`). The password is never printed.
enum PasswordPrompt {
    /// The password typed after `prompt` (shown on standard error), without its line end; `nil`
    /// when standard input ended first.
    static func read(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) }
        FileHandle.standardError.write(Data(prompt.utf8))
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
        return readLine(strippingNewline: true)
    }
}
