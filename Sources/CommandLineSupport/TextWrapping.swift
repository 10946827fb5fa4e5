/// Breaks prose into lines for a terminal.
public enum TextWrapping {
    /// `text` broken at spaces into lines of at most `width` columns (at least 40), each starting
    /// with `indent` spaces; a word longer than the line stays whole. A no-break space (U+00A0)
    /// keeps two words together (`[--limit <n>]`) and is printed as a space.
    public static func wrap(_ text: String, width: Int, indent: Int = 0) -> String {
        let limit = max(40, width) - indent
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > limit {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        let padding = String(repeating: " ", count: indent)
        return lines.map { padding + $0.replacing("\u{00A0}", with: " ") }.joined(separator: "\n")
    }
}
