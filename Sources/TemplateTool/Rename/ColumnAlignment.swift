/// Keeps the columns of a Markdown code block lined up after a rename changed the width of some
/// of its lines: a layout listing (`Sources/SiloCLI           ...`) or commands with comments
/// (`swift run silo    # ...`) whose second column started at one place before still does.
enum ColumnAlignment {
    /// `renamed`, a Markdown document, with every fenced code block's aligned lines lined up again,
    /// given the document before the rename, `original` (the same lines, renamed or not).
    static func realigning(_ renamed: String, original: String) -> String {
        let before = original.components(separatedBy: "\n")
        var after = renamed.components(separatedBy: "\n")
        guard before.count == after.count else { return renamed }
        var blockStart: Int?
        for (index, line) in before.enumerated() where line.hasPrefix("```") {
            if let start = blockStart {
                let range = (start + 1)..<index
                after.replaceSubrange(range, with: realigned(Array(after[range]), original: Array(before[range])))
                blockStart = nil
            } else {
                blockStart = index
            }
        }
        return after.joined(separator: "\n")
    }

    /// The lines of one block: those whose second column started at the same place before start at
    /// one place again, the old one when every line still fits before it.
    static func realigned(_ lines: [String], original: [String]) -> [String] {
        guard lines != original else { return lines }
        let columns = original.map(secondColumn)
        var result = lines
        for column in Set(columns.compactMap { $0 }) {
            let group = columns.indices.filter { columns[$0] == column }
            guard group.count > 1 else { continue }
            let parts = group.compactMap { index in split(lines[index]).map { (index, $0.left, $0.right) } }
            guard parts.count == group.count else { continue }
            let width = max(column, (parts.map { $0.1.count + 2 }.max() ?? 0))
            for (index, left, right) in parts {
                result[index] = left + String(repeating: " ", count: width - left.count) + right
            }
        }
        return result
    }

    /// Where the second column of `line` starts: after the first run of two or more spaces that
    /// follows text, or `nil` when there is none.
    private static func secondColumn(_ line: String) -> Int? {
        split(line).map { $0.left.count + $0.gap }
    }

    private static func split(_ line: String) -> (left: String, gap: Int, right: String)? {
        let characters = Array(line)
        var index = characters.firstIndex { $0 != " " } ?? characters.endIndex
        while index < characters.endIndex {
            if characters[index] == " " {
                var end = index
                while end < characters.endIndex && characters[end] == " " { end += 1 }
                if end - index >= 2 && end < characters.endIndex {
                    return (String(characters[..<index]), end - index, String(characters[end...]))
                }
                index = end
            } else {
                index += 1
            }
        }
        return nil
    }
}
