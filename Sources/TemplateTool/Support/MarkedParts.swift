/// What says it is part of one of some names (`OwnershipMarker`) across the template's text
/// (`MentionReport.folders` and `.files`, the tool's own sources aside): the files whose header says
/// so, to delete, and the files with marked lines or regions, as they read without them.
///
/// `remove-integration` and `remove-service` both take out what this finds (`apply(in:_:)`), so
/// one marker rule serves both. Every edit is worked out before anything changes: an unclosed
/// region throws here, and nothing has been changed then.
struct MarkedParts {
    /// The files whose header says they are part of one of the names.
    private(set) var deleted: [String] = []
    /// The other files that had marked lines or regions: their text without them, and the lines
    /// that went.
    private(set) var edited: [(path: String, text: String, removed: [String])] = []

    /// Reads the template's text in `tree`, outside `excluded` (files and folders that go anyway),
    /// for what is part of one of `names`. `adjust` may edit a kept file's text further
    /// (remove-service takes the service out of the description lists).
    ///
    /// - Throws: a failure naming the file and line of a region that is not closed, an `end` without
    ///   a `begin`, or a comment line below a file's header that marks nothing.
    init(
        of names: Set<String>, in tree: PackageTree, excluding excluded: [String] = [],
        adjust: (_ path: String, _ text: String) -> String = { $1 }
    ) throws(ToolFailure) {
        let paths = (MentionReport.folders.flatMap(tree.files(under:)) + MentionReport.files.filter(tree.exists))
            .filter { path in
                !MentionReport.isToolSource(path) && !excluded.contains { path == $0 || path.hasPrefix($0 + "/") }
            }
        for path in paths {
            guard let text = try? tree.read(path) else { continue }
            if OwnershipMarker.fileBelongs(text, toAnyOf: names, file: path) {
                deleted.append(path)
                continue
            }
            let (kept, removed) = try OwnershipMarker.removingLines(of: names, from: text, file: path)
            let adjusted = adjust(path, kept)
            if adjusted != text { edited.append((path, adjusted, removed)) }
        }
    }

    /// Deletes the files, and the folders that leaves empty, then writes the edited files, saying
    /// `what` each edit took out (and which lines of `.ci/run` went: the checks of what went), and
    /// formats the Swift ones.
    ///
    /// - Throws: a failure naming a file that cannot be deleted or written; what was done so far
    ///   stays.
    func apply(in tree: PackageTree, _ what: String) throws(ToolFailure) {
        for path in deleted {
            try tree.remove(path)
        }
        try tree.removeEmptyFolders(above: deleted)
        for (path, text, removed) in edited {
            if path == ".ci/run" { removed.forEach { print("  removed from .ci/run: \($0)") } }
            try tree.edit(path, what) { _ in text }
        }
        tree.format(edited.map(\.path).filter { $0.hasSuffix(".swift") })
    }
}
