import Foundation

/// Edits of a file's text at places the template marks, for the few files a scaffold must change
/// (the manifest, the integration catalog, the contract docs' table). Each names what it looks
/// for, so a file that no longer has it fails with a message saying where to make the change by
/// hand.
enum TextEdit {
    /// `text` with `insertion` put before the first line that starts with `marker` (ignoring
    /// indentation).
    ///
    /// - Throws: a failure naming `marker` and `file` when no line starts so.
    static func insert(_ insertion: String, beforeLine marker: String, in text: String, file: String)
        throws(ToolFailure) -> String
    {
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(marker) }) else {
            throw .failed("\(file) has no line starting `\(marker)`; make this change there by hand")
        }
        lines.insert(contentsOf: insertion.components(separatedBy: "\n"), at: index)
        return lines.joined(separator: "\n")
    }

    /// `text` with `insertion` put after the last line that contains `marker`.
    ///
    /// - Throws: a failure naming `marker` and `file` when no line contains it.
    static func insert(_ insertion: String, afterLastLineContaining marker: String, in text: String, file: String)
        throws(ToolFailure) -> String
    {
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.lastIndex(where: { $0.contains(marker) }) else {
            throw .failed("\(file) has no line containing `\(marker)`; make this change there by hand")
        }
        lines.insert(contentsOf: insertion.components(separatedBy: "\n"), at: index + 1)
        return lines.joined(separator: "\n")
    }

    /// `text` with `row` added as the last row of the first Markdown table after the line `heading`.
    ///
    /// - Throws: a failure naming `heading` and `file` when there is no such heading or no table
    ///   after it before the next heading.
    static func append(row: String, toTableUnder heading: String, in text: String, file: String)
        throws(ToolFailure) -> String
    {
        var lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading),
            let first = lines[(start + 1)...].prefix(while: { !$0.hasPrefix("#") }).firstIndex(where: {
                $0.hasPrefix("|")
            })
        else {
            throw .failed("\(file) has no table under `\(heading)`; add `\(row)` to it by hand")
        }
        let end = lines[first...].firstIndex { !$0.hasPrefix("|") } ?? lines.endIndex
        lines.insert(row, at: end)
        return lines.joined(separator: "\n")
    }

    /// `text` with `element` added at the end of the one-line list that follows `opening` (`services: [`)
    /// on the first line containing it.
    ///
    /// - Throws: a failure naming `opening` and `file` when no line has it followed by a `]`.
    static func append(_ element: String, toInlineListAfter opening: String, in text: String, file: String)
        throws(ToolFailure) -> String
    {
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(opening) }),
            let start = lines[index].range(of: opening),
            let end = lines[index][start.upperBound...].firstIndex(of: "]")
        else {
            throw .failed("\(file) has no one-line list after `\(opening)`; make this change there by hand")
        }
        let isEmpty = lines[index][start.upperBound..<end].trimmingCharacters(in: .whitespaces).isEmpty
        lines[index].insert(contentsOf: isEmpty ? element : ", \(element)", at: end)
        return lines.joined(separator: "\n")
    }

    /// `text` with `item` added as the last element of the array literal that starts on the first
    /// line beginning with `opening` (ignoring indentation), after the first line equal to `anchor`
    /// when one is given, and ends at the first line after it that is only `]` or `],`. A
    /// `comment` ends the new line (`part of: replies`).
    ///
    /// - Throws: a failure naming `opening` and `file` when there is no such array.
    static func append(
        _ item: String, toArrayOpening opening: String, after anchor: String? = nil, in text: String, file: String,
        comment: String? = nil
    ) throws(ToolFailure) -> String {
        var lines = text.components(separatedBy: "\n")
        let from =
            anchor.flatMap { anchor in
                lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == anchor }
            } ?? 0
        guard anchor == nil || from > 0 || lines.first?.trimmingCharacters(in: .whitespaces) == anchor,
            let start = lines[from...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(opening) }
            ),
            let end = lines[(start + 1)...].firstIndex(where: {
                ["]", "],"].contains($0.trimmingCharacters(in: .whitespaces))
            })
        else {
            let place = anchor.map { " after `\($0)`" } ?? ""
            throw .failed("\(file) has no array starting `\(opening)`\(place); make this change there by hand")
        }
        let indentation = String(lines[end].prefix { $0 == " " }) + "    "
        // The last item needs a comma: the last line with code, before its trailing comment (a
        // `// part of:` marker), not in it, and not on a comment line (a region's end).
        let hasCode = { (line: String) in
            let code = line.trimmingCharacters(in: .whitespaces)
            return !code.isEmpty && !code.hasPrefix("//")
        }
        if let lastItem = lines[(start + 1)..<end].lastIndex(where: hasCode) {
            let last = lines[lastItem]
            // Only a trailing marker is split off: `//` elsewhere may be inside a string literal.
            var (code, marker) = (last, "")
            if let opener = last.range(of: "//", options: .backwards),
                OwnershipMarker.marker(in: String(last[opener.lowerBound...]), openers: ["//"]) != nil
            {
                (code, marker) = (String(last[..<opener.lowerBound]), String(last[opener.lowerBound...]))
            }
            let gap = String(code.reversed().prefix { $0 == " " })
            code.removeLast(gap.count)
            if !code.hasSuffix(",") { lines[lastItem] = code + "," + gap + marker }
        }
        lines.insert(indentation + item + "," + (comment.map { "  // \($0)" } ?? ""), at: end)
        return lines.joined(separator: "\n")
    }
}
