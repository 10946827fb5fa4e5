import Foundation

/// How files and CI steps outside the package's targets say which integration they belong to, so
/// that `remove-integration` takes them along: a comment ending in `part of: <Name>` (or several
/// names, separated by commas).
///
/// - A file under `Docs/` or `scripts/` with such a comment among its first five lines goes with
///   any integration it names (`Docs/HTTPBackendAPI.md`, `scripts/conformance`).
/// - A line of `.ci/run` whose trailing comment ends so goes with any integration it names, so the
///   smaller template's CI no longer runs a check of what is gone.
///
/// A name counts when it is the integration's or a companion's that goes with it (`SiloBackend`,
/// `silo-backend`).
enum OwnershipMarker {
    /// What the comment says before the names.
    static let prefix = "part of: "
    /// How many lines from the top of a file a marker may stand at.
    static let headerLines = 5

    /// The names a line's marker gives, or none when the line has no marker. The marker must end a
    /// comment (`#`, `//` or `<!--`): text elsewhere that says "part of: " is not one.
    static func owners(ofLine line: String) -> [String] {
        guard let marker = line.range(of: prefix, options: .backwards) else { return [] }
        let before = line[..<marker.lowerBound]
        guard before.contains("#") || before.contains("//") || before.contains("<!--") else { return [] }
        var names = String(line[marker.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
        if names.hasSuffix("-->") { names = String(names.dropLast(3)) }
        return names.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether `text` (a whole file) carries a marker naming one of `names` in its first lines.
    static func fileBelongs(_ text: String, toAnyOf names: Set<String>) -> Bool {
        text.components(separatedBy: "\n").prefix(headerLines)
            .contains { !names.isDisjoint(with: owners(ofLine: $0)) }
    }

    /// `text` without the lines whose marker names one of `names`, and those lines.
    static func removingLines(of names: Set<String>, from text: String) -> (text: String, removed: [String]) {
        var kept: [String] = []
        var removed: [String] = []
        for line in text.components(separatedBy: "\n") {
            if names.isDisjoint(with: owners(ofLine: line)) {
                kept.append(line)
            } else {
                removed.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        return (kept.joined(separator: "\n"), removed)
    }
}
