import Foundation

/// Removals from a package manifest's text, for `remove-integration`: which targets go comes from
/// SwiftPM (`PackageSummary`); these only find the declarations to cut, by the shapes the manifest
/// is written in (one `.target(` call per target, one product per line).
enum ManifestEdit {
    private static let declarations = [
        ".target(", ".testTarget(", ".executableTarget(", ".systemLibrary(", ".plugin(", ".binaryTarget(",
    ]

    /// `text` without the declarations of the targets `names` (each with the comment lines right
    /// above it), without products made only of them, and without them in any dependency list.
    static func removing(targets names: Set<String>, from text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            guard declarations.contains(where: trimmed.hasPrefix), let end = closingLine(from: index, in: lines),
                let name = firstName(in: lines[index...end]), names.contains(name)
            else {
                index += 1
                continue
            }
            var start = index
            while start > 0, lines[start - 1].trimmingCharacters(in: .whitespaces).hasPrefix("//") { start -= 1 }
            lines.removeSubrange(start...end)
            index = start
        }
        lines.removeAll { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let isProduct = [".library(", ".executable("].contains(where: trimmed.hasPrefix)
            return (isProduct && onlyNames(names, inTargetsOf: trimmed))
                || names.contains { trimmed == "\"\($0)\"," || trimmed == "\"\($0)\"" }
        }
        var edited = lines.joined(separator: "\n")
        for name in names {
            edited = edited.replacing("\"\(name)\", ", with: "").replacing(", \"\(name)\"", with: "")
                .replacing("[\"\(name)\"]", with: "[]")
        }
        while edited.contains("\n\n\n") { edited = edited.replacing("\n\n\n", with: "\n\n") }
        return edited
    }

    /// `text` without the lines that declare a dependency on the product `name`
    /// (`.product(name: "X", package: ...)`), for a package that uses this one.
    static func removing(product name: String, from text: String) -> String {
        text.components(separatedBy: "\n").filter {
            !$0.trimmingCharacters(in: .whitespaces).hasPrefix(".product(name: \"\(name)\"")
        }.joined(separator: "\n")
    }

    /// The line where the call opened on line `start` closes its parentheses.
    private static func closingLine(from start: Int, in lines: [String]) -> Int? {
        var depth = 0
        for index in start..<lines.count {
            for character in lines[index] {
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
            }
            if depth <= 0 { return index }
        }
        return nil
    }

    /// The first `name: "X"` in `lines`.
    private static func firstName(in lines: ArraySlice<String>) -> String? {
        for line in lines {
            guard let range = line.range(of: "name: \"") else { continue }
            let rest = line[range.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        return nil
    }

    /// Whether the `targets: [...]` of a one-line product names only targets among `names`.
    private static func onlyNames(_ names: Set<String>, inTargetsOf line: String) -> Bool {
        guard let open = line.range(of: "targets: ["), let close = line[open.upperBound...].firstIndex(of: "]") else {
            return false
        }
        let listed = line[open.upperBound..<close].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return !listed.isEmpty && listed.allSatisfy(names.contains)
    }
}
