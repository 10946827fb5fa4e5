import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `silo` writes, and how: colour and in-place progress only on a terminal, plain lines
/// otherwise (pipes, files, CI logs).
///
/// Used from the main actor only.
@MainActor
final class Terminal {
    /// Whether standard output is a terminal.
    let isInteractive: Bool
    /// The width to fit output in: the terminal's, or 80 when it cannot be told.
    let width: Int
    private var progressLineIsOpen = false

    init() {
        isInteractive = isatty(STDOUT_FILENO) == 1
        width = Self.columns() ?? 80
    }

    /// Writes `line` and a newline to standard output.
    func print(_ line: String = "") {
        closeProgressLine()
        write(line + "\n", to: STDOUT_FILENO)
    }

    /// Writes `message` to standard error as `silo: <message>`.
    func printError(_ message: String) {
        closeProgressLine()
        write("silo: \(message)\n", to: STDERR_FILENO)
    }

    /// Shows `fraction` (0...1) as a bar redrawn in place on a terminal; as a line per quarter otherwise.
    func showProgress(_ fraction: Double, label: String) {
        let clamped = max(0, min(1, fraction))
        let percent = Int((clamped * 100).rounded(.down))
        if isInteractive {
            let barWidth = max(10, min(40, width - label.count - 10))
            let filled = Int(Double(barWidth) * clamped)
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
            write("\r\(label) \(bar) \(percent)%", to: STDOUT_FILENO)
            progressLineIsOpen = true
        } else if percent / 25 > lastQuarter {
            lastQuarter = percent / 25
            write("\(label) \(percent)%\n", to: STDOUT_FILENO)
        }
    }

    private var lastQuarter = -1

    /// Makes `text` bold on a terminal; returns it unchanged otherwise.
    func emphasised(_ text: String) -> String {
        isInteractive ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    /// Truncates `text` with an ellipsis so it fits in `width` minus `indent` columns.
    func fitted(_ text: String, indent: Int = 0) -> String {
        let room = max(10, width - indent)
        let singleLine = text.replacingNewlines()
        return singleLine.count <= room ? singleLine : String(singleLine.prefix(room - 1)) + "…"
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

extension String {
    /// The string with each newline shown as `⏎`, for one-line listings.
    fileprivate func replacingNewlines() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ⏎ ")
    }
}
