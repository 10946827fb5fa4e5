import App
import Foundation
import Services

/// The commands in the README's and the guides' `sh` and `bash` blocks that use an integration
/// that is gone, so that `scripts/run-doc-commands` (which runs every one) does not fail on a
/// smaller template, and no block shows a command that cannot work.
///
/// A command line goes when it picks the integration for a service by its configuration name
/// (`SILO_POSTS=json …`), runs a script that went with it (`scripts/conformance`), runs a product
/// that went with it (`swift run silo-backend`), removes it (`scripts/remove-integration
/// JSONFileStore`) or names its description (`.mockVideoHost`, in the swap before that removal). A line that continues another, or is continued (`\`), stays: taking half a
/// command out would break it, so `remove-integration` lists it with the other mentions instead.
struct DocCommandLines {
    /// The integration's name, as `scripts/remove-integration` takes it (`HTTPBackend`).
    let name: String
    /// The integration's configuration name, as `SILO_POSTS=<name>` picks it.
    let configurationName: String
    /// The name of its description in Swift, as `ServiceProvider` picks it (`mockVideoHost`).
    let propertyName: String
    /// The scripts that went with it, as paths from the root (`scripts/conformance`).
    let scripts: [String]
    /// The executable products that went with it (`silo-backend`).
    let products: [String]

    /// The variables that pick an integration for a service (`SILO_POSTS`).
    private static let serviceVariables = Set(ServiceKind.allCases.map(AppConfiguration.variable(for:)))

    /// `markdown` without the command lines of its shell blocks that use what went, and those lines.
    func removing(from markdown: String) -> (text: String, removed: [String]) {
        var kept: [String] = []
        var removed: [String] = []
        let lines = markdown.components(separatedBy: "\n")
        for (index, (line, language)) in zip(lines, MarkdownBlocks.languages(of: lines)).enumerated() {
            let continues = line.hasSuffix("\\") || (index > 0 && lines[index - 1].hasSuffix("\\"))
            if MarkdownBlocks.isShell(language), !continues, uses(line) {
                removed.append(line)
            } else {
                kept.append(line)
            }
        }
        return (kept.joined(separator: "\n"), removed)
    }

    /// Whether the command `line` picks the integration, runs a script or product that went,
    /// removes the integration or names its description. A comment is not a command.
    func uses(_ line: String) -> Bool {
        let command = line.components(separatedBy: " #").first ?? line
        let words = command.split(separator: " ").map(String.init)
        guard let first = words.first, !first.hasPrefix("#") else { return false }
        let picksIt = words.contains { word in
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, Self.serviceVariables.contains(parts[0]) else { return false }
            return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) == configurationName
        }
        let pairs = zip(words, words.dropFirst())
        let runsScript = words.contains { scripts.contains($0) }
        let runsProduct = pairs.contains { $0 == "run" && products.contains($1) }
        let removesIt = pairs.contains { $0 == "scripts/remove-integration" && $1 == name }
        let namesIt = command.contains(".\(propertyName),") || command.contains(".\(propertyName) ")
        return picksIt || runsScript || runsProduct || removesIt || namesIt
    }
}
