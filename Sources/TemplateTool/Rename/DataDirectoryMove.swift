import Foundation

/// How to keep the data an earlier build wrote under the old name. The data directory is named
/// after the app (`.silo`, and `.silo-phone` and the like for a second device), and so are files in
/// it (the database `silo.sqlite`, with its `-wal` and `-shm` files), so moving the directory alone
/// leaves the renamed app opening a new, empty database beside the old one. `rename-app` only says
/// what to run: the data is the user's, and an app may still have it open.
struct DataDirectoryMove {
    /// The old and the new name.
    let names: NameForms

    /// The data directory the old build used, e.g. `.silo`.
    var oldDirectory: String { "." + names.old.lowercased() }
    /// The data directory the renamed app uses, e.g. `.acme`.
    var newDirectory: String { "." + names.new.lowercased() }

    /// What to do in any directory the app ran from, and in any data directory given with
    /// `--data-dir` or the `_DATA_DIR` variable.
    var advice: String {
        "`mv \(oldDirectory) \(newDirectory)`, then rename each file in it whose name carries "
            + "\(names.old.lowercased()) (its database, for one) to carry \(names.new.lowercased()); "
            + "in a data directory you gave with --data-dir or \(names.old.uppercased())_DATA_DIR, rename those files too"
    }

    /// What one directory holds of the old data, and how to keep it.
    enum Found: Equatable {
        /// Both the old directory and the one it would become: moving one onto the other would mix
        /// or overwrite data.
        case both(old: String, new: String)
        /// The commands that keep it, and how many files named after the app they leave out because
        /// their names are not plain (letters, digits, `.`, `-`, `_`) or carry the name in a letter
        /// case the rename does not change.
        case move(commands: String, leftOut: Int)
    }

    /// What `directory` holds of the old data: one finding per old data directory in it (`.silo`,
    /// `.silo-phone`), with the commands for the files that are there; none when it has none.
    func found(in directory: URL) -> [Found] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let old = entries.filter { $0 == oldDirectory || $0.hasPrefix(oldDirectory + "-") }.sorted()
        return old.compactMap { name in
            var isDirectory: ObjCBool = false
            let url = directory.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue,
                name.allSatisfy(Self.isPlain)
            else { return nil }
            let target = newDirectory + name.dropFirst(oldDirectory.count)
            if entries.contains(target) { return .both(old: name, new: target) }
            return move(name, to: target, in: url)
        }
    }

    /// The commands that move the data directory `name` (at `url`) to `target` and rename the
    /// files in it that carry the old name.
    private func move(_ name: String, to target: String, in url: URL) -> Found {
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let named = contents.filter { $0.lowercased().contains(names.old.lowercased()) }.sorted()
        let renamable = named.filter { $0.allSatisfy(Self.isPlain) && names.replacing(in: $0) != $0 }
        let moves = renamable.map { "mv \(target)/\($0) \(target)/\(names.replacing(in: $0))" }
        return .move(
            commands: (["mv \(name) \(target)"] + moves).joined(separator: " && "),
            leftOut: named.count - renamable.count)
    }

    /// Whether `character` may stand in a file name printed as part of a shell command unquoted.
    private static func isPlain(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || ".-_".contains(character))
    }
}
