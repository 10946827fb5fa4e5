import Foundation

/// Finds Swift string literals that look like SQL and contain string interpolation.
///
/// Values must be bound, never spliced into SQL. The scanner reads Swift source text, collects
/// every string literal (single-line `"..."` and multi-line `"""..."""`, raw strings aside), and
/// reports those that contain an uppercase SQL keyword and an interpolation `\(`.
enum SQLInterpolationScanner {
    /// A literal that breaks the rule: the 1-based line it starts on and its text.
    struct Finding: Hashable, CustomStringConvertible {
        let file: String
        let line: Int
        let literal: String

        var description: String { "\(file):\(line): SQL built with interpolation: \(literal.prefix(80))" }
    }

    static let keywords: Set<Substring> = [
        "SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "DROP", "ALTER", "PRAGMA", "WHERE", "VALUES", "BEGIN",
        "SAVEPOINT", "RELEASE", "ROLLBACK", "VACUUM",
    ]

    /// Whether `text` contains an uppercase SQL keyword as a whole word.
    static func looksLikeSQL(_ text: String) -> Bool {
        text.split { !$0.isLetter && $0 != "_" }.contains { keywords.contains($0) }
    }

    /// The offending literals in `source`, named as coming from `file`.
    static func findings(in source: String, file: String) -> [Finding] {
        literals(in: source).compactMap { line, text in
            text.contains("\\(") && looksLikeSQL(text) ? Finding(file: file, line: line, literal: text) : nil
        }
    }

    /// The offending literals in every `.swift` file under `directory`.
    static func findings(under directory: URL) throws -> [Finding] {
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" } ?? []
        return try files.sorted { $0.path < $1.path }.flatMap { url in
            findings(in: try String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
        }
    }

    /// Every string literal in `source` with the line it starts on; comments are skipped.
    static func literals(in source: String) -> [(line: Int, text: String)] {
        let characters = Array(source)
        var result: [(Int, String)] = []
        var index = 0
        var line = 1
        func starts(with text: String, at position: Int) -> Bool {
            let pattern = Array(text)
            return position + pattern.count <= characters.count
                && Array(characters[position..<position + pattern.count]) == pattern
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                line += 1
                index += 1
            } else if starts(with: "//", at: index) {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if starts(with: "\"\"\"", at: index) {
                let startLine = line
                index += 3
                var text = ""
                while index < characters.count, !starts(with: "\"\"\"", at: index) {
                    if characters[index] == "\n" { line += 1 }
                    text.append(characters[index])
                    index += 1
                }
                index += 3
                result.append((startLine, text))
            } else if character == "\"" {
                index += 1
                var text = ""
                while index < characters.count, characters[index] != "\"", characters[index] != "\n" {
                    if characters[index] == "\\", index + 1 < characters.count {
                        text.append(characters[index])
                        index += 1
                    }
                    text.append(characters[index])
                    index += 1
                }
                index += 1
                result.append((line, text))
            } else {
                index += 1
            }
        }
        return result
    }
}
