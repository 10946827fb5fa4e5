import CommandLineSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `silo` writes, and how: bold and an in-place progress bar only on a terminal that wants
/// them, plain lines otherwise (pipes, files, CI logs, `NO_COLOR`, `TERM=dumb`).
///
/// Everything printed is `TerminalText`, so values are escaped. Used from the main actor only.
@MainActor
final class Terminal {
    /// Whether standard output is a terminal.
    let isInteractive: Bool
    /// Whether to emphasise text: on a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    let usesStyles: Bool
    /// The width to fit output in: the terminal's, or 80 when it cannot be told.
    let width: Int
    private var progressLineIsOpen = false
    /// The progress line last drawn, while it is open.
    private var drawnProgress = ""
    private var lastQuarter = -1

    /// Looks at standard output and `environment` (`NO_COLOR`, `TERM`).
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        isInteractive = isatty(STDOUT_FILENO) == 1
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        usesStyles = isInteractive && !noColor && environment["TERM"] != "dumb"
        width = Self.columns() ?? 80
    }

    /// Writes `text` and a newline to standard output.
    func print(_ text: TerminalText = "") {
        closeProgressLine()
        write(text.rendered(styled: usesStyles) + "\n", to: STDOUT_FILENO)
    }

    /// Writes `silo: <message>` and a newline to standard error.
    func printError(_ message: TerminalText) {
        closeProgressLine()
        write("silo: " + message.plain + "\n", to: STDERR_FILENO)
    }

    /// Writes a malformed command line's message (`Error: …`, `Usage: …`, `See …`) to standard
    /// error; what it quotes of the command line is escaped already.
    func printUsageError(_ message: UsageMessage) {
        closeProgressLine()
        write(message.text + "\n", to: STDERR_FILENO)
    }

    /// Writes a status or diagnostic line (`--verbose` output, "Following your feed") to standard
    /// error, so standard output stays the command's result.
    func printDiagnostic(_ message: TerminalText) {
        closeProgressLine()
        write(message.plain + "\n", to: STDERR_FILENO)
    }

    /// Shows `fraction` (0...1) as a bar redrawn in place on a terminal; as a line per quarter otherwise.
    func showProgress(_ fraction: Double, label: String) {
        let clamped = max(0, min(1, fraction))
        let percent = Int((clamped * 100).rounded(.down))
        if isInteractive && usesStyles {
            let barWidth = max(10, min(40, width - label.count - 10))
            let filled = Int(Double(barWidth) * clamped)
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
            let line = "\r\(label) \(bar) \(percent)%"
            // Redraw only what changed: a slow terminal must not hold up the main actor.
            guard !progressLineIsOpen || line != drawnProgress else { return }
            write(line, to: STDOUT_FILENO)
            drawnProgress = line
            progressLineIsOpen = true
        } else if percent / 25 > lastQuarter {
            lastQuarter = percent / 25
            write("\(label) \(percent)%\n", to: STDOUT_FILENO)
        }
    }

    /// `text` on one line (newlines shown as `⏎`), escaped, cut with an ellipsis to fit the width
    /// minus `indent` columns.
    func fitted(_ text: String, indent: Int = 0) -> TerminalText {
        let room = max(10, width - indent)
        let oneLine = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ⏎ ")
        let line = TerminalText.escaped(oneLine)
        return TerminalText(verbatim: line.count <= room ? line : String(line.prefix(room - 1)) + "…")
    }

    private func closeProgressLine() {
        if progressLineIsOpen {
            write("\n", to: STDOUT_FILENO)
            progressLineIsOpen = false
        }
        lastQuarter = -1
    }

    private func write(_ text: String, to descriptor: Int32) {
        let handle = descriptor == STDERR_FILENO ? FileHandle.standardError : FileHandle.standardOutput
        handle.write(Data(text.utf8))
    }

    private static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
