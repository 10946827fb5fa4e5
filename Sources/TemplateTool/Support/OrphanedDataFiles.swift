import Foundation

/// The data files kept beside the docs (`Docs/Formats`, `Docs/images`): documented samples and
/// charts, which hold no comment to say what they are part of. A removal deletes those that only
/// what it removed named: named by some file before it, by none after. A file nothing named
/// before (one of yours) is never touched.
struct OrphanedDataFiles {
    /// Where the data files are.
    static let folders = ["Docs/Formats", "Docs/images"]

    /// The data files some other file names, as the tree was when this was made.
    let named: [String]

    /// Notes which data files `tree` names now; call before the removal changes anything.
    init(in tree: PackageTree) {
        named = Self.folders.flatMap(tree.files(under:)).filter { Self.isNamed($0, in: tree) }
    }

    /// Deletes the files of `named` that no file names any more, and returns them.
    ///
    /// - Throws: a failure when one cannot be deleted.
    func removeOrphans(in tree: PackageTree) throws(ToolFailure) -> [String] {
        let orphans = named.filter { tree.exists($0) && !Self.isNamed($0, in: tree) }
        for path in orphans { try tree.remove(path) }
        return orphans
    }

    /// Whether a file other than `path` itself, outside the template tool, names its file name.
    private static func isNamed(_ path: String, in tree: PackageTree) -> Bool {
        let name = (path as NSString).lastPathComponent
        return tree.lines(containingAnyOf: [name], under: MentionReport.folders, files: MentionReport.files)
            .contains { mention in
                let file = String(mention.prefix { $0 != ":" })
                return file != path && !MentionReport.isToolSource(file)
            }
    }
}
