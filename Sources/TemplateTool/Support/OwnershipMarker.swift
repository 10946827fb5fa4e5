import Foundation

/// How code, pages, scripts and CI steps say which integration or service they belong to, so that
/// `remove-integration` and `remove-service` take them along: a comment ending in
/// `part of: <Name>` (or several names, separated by commas).
///
/// - **A whole file**: a comment line among its first five lines, such as
///   `// scripts/remove-service deletes this file with the service it is part of: hosting`.
/// - **One line**: a comment at its end (`.hosting: .mockVideoHost,  // part of: hosting`); the
///   `///` doc comment right above it goes with it.
/// - **A region**: the lines from `// begin part of: hosting` to `// end part of: hosting`, both
///   included.
///
/// `#` and `<!--` comments work as `//` does, for scripts and `.ci/run`. In Markdown (a path
/// ending in `.md`) a marker is an HTML comment (`<!-- part of: hosting -->`), or a `#` comment
/// ending a command in an `sh` or `bash` block; code a page shows in any other block is an example,
/// never a marker (a guide's diff may show marked lines).
enum OwnershipMarker {
    /// What the comment says before the names.
    static let prefix = "part of: "
    /// How many lines from the top of a file a whole-file marker may stand at.
    static let headerLines = 5

    /// What a line's marker says.
    struct Marker: Equatable {
        /// What it marks.
        enum Scope: Equatable {
            /// The line it ends (or, as a comment line at the top of a file, the file).
            case line
            /// The region it opens.
            case begin
            /// The region it closes.
            case end
        }

        var scope: Scope
        /// The integrations or services it names.
        var names: [String]
        /// Whether the comment is the whole line (a header or a region's edge), not the end of code.
        var isWholeLine: Bool
    }

    /// The comments a marker may end, by default: `//`, `#` and `<!--`.
    static let commentOpeners = ["//", "#", "<!--"]

    /// The comments a marker may end in `file`: only `//` in Swift, where `#` starts code
    /// (`#expect`, `#if`); in a Markdown page, an HTML comment in prose (`language` `nil`), any of
    /// `commentOpeners` in a shell block and none in another block (code shown as an example); in
    /// scripts and other files, any of `commentOpeners`.
    static func commentOpeners(in file: String, block language: String? = nil) -> [String] {
        if file.hasSuffix(".swift") { return ["//"] }
        guard file.hasSuffix(".md") else { return commentOpeners }
        return MarkdownBlocks.isShell(language) ? commentOpeners : language == nil ? ["<!--"] : []
    }

    /// The marker `line` carries, if any. The marker must end a comment opened by one of
    /// `openers`; text elsewhere that says "part of: " is not one.
    static func marker(in line: String, openers: [String] = commentOpeners) -> Marker? {
        guard let found = line.range(of: prefix, options: .backwards) else { return nil }
        let before = line[..<found.lowerBound]
        let openers = openers.compactMap { before.range(of: $0)?.lowerBound }
        guard let opener = openers.min() else { return nil }
        let comment = before[opener...].drop { "/#<!-".contains($0) }.trimmingCharacters(in: .whitespaces)
        var names = String(line[found.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
        if names.hasSuffix("-->") { names = String(names.dropLast(3)) }
        let list = names.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !list.isEmpty else { return nil }
        let scope: Marker.Scope = comment == "begin" ? .begin : comment == "end" ? .end : .line
        let isWholeLine = before[..<opener].allSatisfy(\.isWhitespace)
        return Marker(scope: scope, names: list, isWholeLine: isWholeLine)
    }

    /// Whether `text` (a whole file, at `file`) says it belongs to one of `names`: a comment line
    /// with a marker among its first lines (an HTML comment, in Markdown).
    static func fileBelongs(_ text: String, toAnyOf names: Set<String>, file: String = "") -> Bool {
        !names.isDisjoint(with: fileOwners(text, file: file))
    }

    /// The names the header of `text` (a whole file, at `file`) says it is part of: those of the
    /// comment lines with a marker among its first lines (HTML comments, in Markdown).
    static func fileOwners(_ text: String, file: String = "") -> Set<String> {
        let openers = commentOpeners(in: file)
        let markers = text.components(separatedBy: "\n").prefix(headerLines).compactMap {
            marker(in: $0, openers: openers)
        }
        return Set(markers.filter { $0.scope == .line && $0.isWholeLine }.flatMap(\.names))
    }

    /// `text` without the lines and regions marked as part of one of `names` (a marked line takes
    /// the `///` lines right above it along), and the lines that went. Where what went stood between
    /// two blank lines, one of them goes too.
    ///
    /// - Throws: a failure naming `file` and the line when a region it would remove is not closed,
    ///   an `end` has no `begin`, or a comment line below the header marks nothing (a marker belongs
    ///   at the end of the line it marks).
    static func removingLines(
        of names: Set<String>, from text: String, file: String
    ) throws(ToolFailure) -> (text: String, removed: [String]) {
        var kept: [String] = []
        var removed: [String] = []
        var openedAt: Int?
        var removedSinceKept = false
        let isMarkdown = file.hasSuffix(".md")
        let lines = text.components(separatedBy: "\n")
        let languages = isMarkdown ? MarkdownBlocks.languages(of: lines) : lines.map { _ -> String? in nil }
        for (index, (line, language)) in zip(lines, languages).enumerated() {
            let marker = marker(in: line, openers: commentOpeners(in: file, block: language)).flatMap {
                names.isDisjoint(with: $0.names) ? nil : $0
            }
            if openedAt != nil {
                removed.append(line.trimmingCharacters(in: .whitespaces))
                if marker?.scope == .end { openedAt = nil }
                continue
            }
            switch marker?.scope {
            case .begin?:
                openedAt = index + 1
                removed.append(line.trimmingCharacters(in: .whitespaces))
            case .end?:
                throw .failed("\(file):\(index + 1): 'end part of:' without a 'begin part of:' before it")
            case .line? where marker?.isWholeLine == true && !isMarkdown:
                guard index < headerLines else {
                    throw .failed(
                        "\(file):\(index + 1): a comment line that says 'part of:' marks nothing; put the marker at "
                            + "the end of the line it marks, or around a region with 'begin part of:' and 'end part of:'"
                    )
                }
                removed.append(line.trimmingCharacters(in: .whitespaces))
            case .line?:
                while let last = kept.last, last.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                    removed.append(kept.removeLast().trimmingCharacters(in: .whitespaces))
                }
                removed.append(line.trimmingCharacters(in: .whitespaces))
            case nil:
                let isBlank = line.allSatisfy(\.isWhitespace)
                if isBlank, removedSinceKept, kept.last?.allSatisfy(\.isWhitespace) == true { continue }
                kept.append(line)
                removedSinceKept = false
                continue
            }
            removedSinceKept = true
        }
        if let openedAt {
            throw .failed("\(file):\(openedAt): 'begin part of:' has no 'end part of:' after it; close the region")
        }
        return (kept.joined(separator: "\n"), removed)
    }
}
