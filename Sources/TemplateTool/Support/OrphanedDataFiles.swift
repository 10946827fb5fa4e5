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
        named = Self.named(Self.folders.flatMap(tree.files(under:)), in: tree)
    }

    /// Deletes the files of `named` that no file names any more, also those that only another
    /// deleted data file named, with the folders that leaves empty; returns them.
    ///
    /// - Throws: a failure when one cannot be deleted.
    @discardableResult
    func removeOrphans(in tree: PackageTree) throws(ToolFailure) -> [String] {
        var removed: [String] = []
        while true {
            let left = named.filter(tree.exists)
            let orphans = Set(left).subtracting(Self.named(left, in: tree)).sorted()
            guard !orphans.isEmpty else { break }
            for path in orphans { try tree.remove(path) }
            removed += orphans
        }
        try tree.removeEmptyFolders(above: removed)
        return removed
    }

    /// Those of `paths` whose file name another file outside the template tool names, found in one
    /// read of the tree.
    private static func named(_ paths: [String], in tree: PackageTree) -> [String] {
        let names = Set(paths.map { ($0 as NSString).lastPathComponent })
        guard !names.isEmpty else { return [] }
        let mentions = tree.lines(
            containingAnyOf: Array(names), under: MentionReport.folders, files: MentionReport.files
        )
        .map { mention in (file: String(mention.prefix { $0 != ":" }), text: mention) }
        .filter { !MentionReport.isToolSource($0.file) }
        return paths.filter { path in
            let name = (path as NSString).lastPathComponent
            return mentions.contains { $0.file != path && $0.text.dropFirst($0.file.count).contains(name) }
        }
    }
}
