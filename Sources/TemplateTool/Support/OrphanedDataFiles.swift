import Foundation

/// The data files kept beside the docs (`Docs/Formats`, `Docs/images`): documented samples and
/// charts, which hold no comment to say what they are part of. A removal deletes those that only
/// what it removed named: named before it, named no more after it. A file nothing named before
/// (one of yours) is never touched.
///
/// "Named" means that the file's name, written out, stands in another file that removals read
/// (`MentionReport.folders` and `MentionReport.files`), outside the template tool's own sources.
/// A name built at run time or matched by a pattern does not count: write such names out.
struct OrphanedDataFiles {
    /// Where the data files are.
    static let folders = ["Docs/Formats", "Docs/images"]

    /// The data files another file names, as the tree was when this was made.
    let named: [String]

    /// Notes which data files `tree` names now; make it before the removal changes anything.
    init(in tree: PackageTree) {
        named = Self.folders.flatMap(tree.files(under:)).filter { Self.isNamed($0, in: tree) }
    }

    /// Deletes the files of `named` that no file names any more, also those that only another
    /// deleted data file named, with the folders that leaves empty; returns them.
    ///
    /// - Throws: a failure when one cannot be deleted.
    func removeOrphans(in tree: PackageTree) throws(ToolFailure) -> [String] {
        var removed: [String] = []
        while case let orphans = named.filter({ tree.exists($0) && !Self.isNamed($0, in: tree) }), !orphans.isEmpty {
            for path in orphans { try tree.remove(path) }
            removed += orphans
        }
        try tree.removeEmptyFolders(above: removed)
        return removed
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
