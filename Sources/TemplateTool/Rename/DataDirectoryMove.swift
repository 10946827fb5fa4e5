import Foundation

/// How to keep the data an earlier build wrote under the old name. The data directory is named
/// after the app (`.silo`), and so are files in it (the database `silo.sqlite`, with its `-wal` and
/// `-shm` files), so moving the directory alone leaves the renamed app opening a new, empty
/// database beside the old one. `rename-app` only says what to run: the data is the user's, and an
/// app may still have it open.
struct DataDirectoryMove {
    /// The old and the new name.
    let names: NameForms

    /// The data directory the old build used, e.g. `.silo`.
    var oldDirectory: String { "." + names.old.lowercased() }
    /// The data directory the renamed app uses, e.g. `.acme`.
    var newDirectory: String { "." + names.new.lowercased() }

    /// What to do in any directory the app ran from.
    var advice: String {
        "`mv \(oldDirectory) \(newDirectory)`, then rename each file in it whose name carries "
            + "\(names.old.lowercased()) (its database, for one) to carry \(names.new.lowercased())"
    }

    /// What `directory` holds of the old data, and how to keep it.
    enum Found: Equatable {
        /// No old data directory.
        case nothing
        /// Both directories: moving one onto the other would mix or overwrite data.
        case both
        /// The commands that keep it, and how many files named after the app they leave out because
        /// their names are not plain (letters, digits, `.`, `-`, `_`).
        case move(commands: String, leftOut: Int)
    }

    /// What `directory` holds of the old data, with the commands for the files that are there.
    func found(in directory: URL) -> Found {
        let manager = FileManager.default
        let old = directory.appendingPathComponent(oldDirectory)
        guard manager.fileExists(atPath: old.path) else { return .nothing }
        guard !manager.fileExists(atPath: directory.appendingPathComponent(newDirectory).path) else { return .both }
        let contents = (try? manager.contentsOfDirectory(atPath: old.path)) ?? []
        let named = contents.filter { $0.lowercased().contains(names.old.lowercased()) }.sorted()
        let plain = named.filter { $0.allSatisfy(Self.isPlain) }
        let moves = plain.map { "mv \(newDirectory)/\($0) \(newDirectory)/\(names.replacing(in: $0))" }
        return .move(
            commands: (["mv \(oldDirectory) \(newDirectory)"] + moves).joined(separator: " && "),
            leftOut: named.count - plain.count)
    }

    /// Whether `character` may stand in a file name printed as part of a shell command unquoted.
    private static func isPlain(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || ".-_".contains(character))
    }
}
