import Foundation

@testable import TemplateTool

/// A package tree in a fresh temporary directory holding `files` (path: text), removed after `body`.
func withScratchTree(_ files: [String: String], _ body: (PackageTree) throws -> Void) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("template-tool-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for (path, text) in files {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
    try body(PackageTree(root: root))
}
