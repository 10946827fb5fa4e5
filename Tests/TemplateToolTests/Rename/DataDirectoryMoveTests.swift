import Foundation
import Testing

@testable import TemplateTool

@Suite("Renaming: how to keep the data the old name kept")
struct DataDirectoryMoveTests {
    let move = DataDirectoryMove(names: NameForms(old: "Silo", new: "Acme"))

    /// A fresh directory holding `files` (each holding its own path), removed after `body`.
    private func withDirectory(_ files: [String], _ body: (URL) throws -> Void) throws {
        try withScratchTree(Dictionary(uniqueKeysWithValues: files.map { ($0, $0) })) { tree in try body(tree.root) }
    }

    /// `scripts/test-rename-app` runs such commands on data the renamed app wrote, and reads it back.
    @Test("the commands move the directory and every file named after the app, and only those")
    func movesNamedFiles() throws {
        let files = [".silo/silo.sqlite", ".silo/silo.sqlite-wal", ".silo/store/store.json", ".silo/signed-in.json"]
        try withDirectory(files) { root in
            let expected =
                "mv .silo .acme && mv .acme/silo.sqlite .acme/acme.sqlite"
                + " && mv .acme/silo.sqlite-wal .acme/acme.sqlite-wal"
            #expect(move.found(in: root) == [.move(commands: expected, leftOut: 0)])
        }
    }

    @Test("a file named after the app in an unusual name or letter case is counted, not printed")
    func leavesUnusualNamesOut() throws {
        try withDirectory([".silo/silo.sqlite", ".silo/silo $(x)\u{1B}[2J.db", ".silo/SiLo.db"]) { root in
            #expect(
                move.found(in: root) == [
                    .move(commands: "mv .silo .acme && mv .acme/silo.sqlite .acme/acme.sqlite", leftOut: 2)
                ])
        }
    }

    @Test("nothing to keep without an old directory; nothing moved onto a new one that exists")
    func refusesToMix() throws {
        try withDirectory([".acme/acme.sqlite"]) { root in #expect(move.found(in: root).isEmpty) }
        try withDirectory([".silo/silo.sqlite", ".acme/acme.sqlite"]) { root in
            #expect(move.found(in: root) == [.both(old: ".silo", new: ".acme")])
        }
    }

    @Test("a second device's data directory (.silo-phone) is kept too")
    func keepsOtherDataDirectories() throws {
        try withDirectory([".silo/silo.sqlite", ".silo-phone/silo.sqlite", ".silos/other"]) { root in
            #expect(
                move.found(in: root) == [
                    .move(commands: "mv .silo .acme && mv .acme/silo.sqlite .acme/acme.sqlite", leftOut: 0),
                    .move(
                        commands: "mv .silo-phone .acme-phone && mv .acme-phone/silo.sqlite .acme-phone/acme.sqlite",
                        leftOut: 0),
                ])
        }
    }
}
