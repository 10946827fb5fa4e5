import Foundation

/// The package the tool works on: the current directory, which must hold `Package.swift`.
///
/// Reads and writes its files by path relative to the root, and says what it did, one line per
/// file, as `created`, `edited`, `deleted` or `renamed`.
struct PackageTree {
    /// The package's root directory.
    let root: URL

    /// The package in the current directory.
    ///
    /// - Throws: a usage failure when there is no `Package.swift` here.
    static func current() throws(ToolFailure) -> PackageTree {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
            throw .usage("there is no Package.swift in \(root.path): run this from the package's root (scripts/ does)")
        }
        return PackageTree(root: root)
    }

    /// The file or folder at `path`, relative to the root.
    func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// Whether something exists at `path`.
    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url(path).path)
    }

    /// The text of the file at `path`.
    ///
    /// - Throws: a failure naming the file when it cannot be read as UTF-8.
    func read(_ path: String) throws(ToolFailure) -> String {
        do {
            return try String(contentsOf: url(path), encoding: .utf8)
        } catch {
            throw .failed("cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// Writes `text` to a new file at `path` (creating its folders) and says so.
    ///
    /// - Throws: a failure when the file exists already (nothing is overwritten) or cannot be written.
    func create(_ path: String, _ text: String) throws(ToolFailure) {
        guard !exists(path) else { throw .failed("\(path) exists already; nothing was overwritten") }
        try write(path, text)
        print("  created \(path)")
    }

    /// Replaces the text of the existing file at `path` with `transform` of it, and says so with `what`.
    ///
    /// - Throws: what `transform` throws (a failure naming what it could not find), or a failure
    ///   to read or write the file.
    func edit(_ path: String, _ what: String, _ transform: (String) throws(ToolFailure) -> String) throws(ToolFailure) {
        let text = try read(path)
        let edited = try transform(text)
        guard edited != text else { return }
        try write(path, edited)
        print("  edited  \(path) (\(what))")
    }

    /// Deletes the file or folder at `path`, if there is one, and says so.
    ///
    /// - Throws: a failure when it exists and cannot be deleted.
    func remove(_ path: String) throws(ToolFailure) {
        guard exists(path) else { return }
        do {
            try FileManager.default.removeItem(at: url(path))
        } catch {
            throw .failed("cannot delete \(path): \(error.localizedDescription)")
        }
        print("  deleted \(path)")
    }

    /// The paths of the files under `folder` (recursively), relative to the root, sorted; build
    /// folders (`.build`, such as the benchmarks' own) are not walked.
    func files(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: url(folder).path) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let path = "\(folder)/\(relative)"
            guard isDirectory(path) else {
                found.append(path)
                continue
            }
            if (relative as NSString).lastPathComponent == ".build" { enumerator.skipDescendants() }
        }
        return found.sorted()
    }

    /// `path:line: text` for every line of the text files under `folders` and of `files` that
    /// mentions one of `words` (`line(_:mentions:)`).
    func lines(containingAnyOf words: [String], under folders: [String], files: [String]) -> [String] {
        let paths = folders.flatMap { self.files(under: $0) } + files.filter(exists)
        var found: [String] = []
        for path in paths {
            guard let text = try? read(path) else { continue }
            for (number, line) in text.components(separatedBy: "\n").enumerated()
            where words.contains(where: { Self.line(line, mentions: $0) }) {
                found.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    /// Whether `line` mentions `word`. A member name (`.library`) counts only as itself, not as the
    /// start of a longer name or of a call (`.libraryVideos`, SwiftPM's `.library(name:)`).
    static func line(_ line: String, mentions word: String) -> Bool {
        guard word.hasPrefix(".") else { return line.contains(word) }
        var rest = line[...]
        while let found = rest.range(of: word) {
            rest = rest[found.upperBound...]
            guard let next = rest.first, next.isLetter || next.isNumber || next == "_" || next == "(" else {
                return true
            }
        }
        return false
    }

    /// Deletes the folders that deleting `files` left empty (`Tests/ServiceContracts/VideoHosting`),
    /// up to, not including, the top-level folders.
    func removeEmptyFolders(above files: [String]) throws(ToolFailure) {
        var folders = Set(files.map { ($0 as NSString).deletingLastPathComponent })
        while let folder = folders.max(by: { $0.count < $1.count }) {
            folders.remove(folder)
            guard folder.contains("/"), exists(folder), self.files(under: folder).isEmpty else { continue }
            try remove(folder)
            folders.insert((folder as NSString).deletingLastPathComponent)
        }
    }

    private func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url(path).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// Formats `paths` (if any) with `swift format` and the committed configuration; a failure only
    /// warns, naming what to format before committing.
    func format(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        do {
            try ChildProcess.run(["swift", "format", "--in-place", "--recursive"] + paths, in: root)
        } catch {
            printError(
                "note: `swift format` failed; run it on \(paths.joined(separator: ", ")) before committing\n\(error)")
        }
    }

    private func write(_ path: String, _ text: String) throws(ToolFailure) {
        let file = url(path)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        } catch {
            throw .failed("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
