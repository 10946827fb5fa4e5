import Foundation

/// The fenced code blocks of a Markdown page, read as `scripts/run-doc-commands` reads them: a
/// fence is a line starting with three backticks, and the first one opens a block in the language
/// it names (`sh`, `diff`, or none).
enum MarkdownBlocks {
    /// Each line of `lines` with the language of the block it is in: `nil` outside a block (the
    /// fences themselves included), `""` in a block that names none.
    static func languages(of lines: [String]) -> [String?] {
        var block: String?
        return lines.map { line in
            guard line.hasPrefix("```") else { return block }
            block = block == nil ? String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces) : nil
            return nil
        }
    }

    /// Whether `language` is a shell's, whose commands `run-doc-commands` runs.
    static func isShell(_ language: String?) -> Bool {
        language == "sh" || language == "bash"
    }
}
