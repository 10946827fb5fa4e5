import Foundation
import Testing

@testable import TemplateTool

@Suite("What both removal tools take out, worked out before anything changes")
struct MarkedPartsTests {
    @Test("marked files, lines and regions go; an excluded folder is not read; the rest stays")
    func appliesWhatIsMarked() throws {
        let files = [
            "Sources/Feature/Own.swift": "// part of: Vendor\nstruct Own {}\n",
            "Sources/Feature/Shared.swift": "let a = 1\nlet b = 2  // part of: Vendor\n",
            "Integrations/Vendor/Broken.swift": "// begin part of: Vendor\n",
            ".ci/run": "scripts/check   # part of: Vendor\nscripts/other\n",
        ]
        try withScratchTree(files) { tree in
            let parts = try MarkedParts(of: ["Vendor"], in: tree, excluding: ["Integrations/Vendor"])
            #expect(parts.deleted == ["Sources/Feature/Own.swift"])
            #expect(Set(parts.edited.map(\.path)) == ["Sources/Feature/Shared.swift", ".ci/run"])
            try parts.apply(in: tree, "what is part of it")
            #expect(!tree.exists("Sources/Feature/Own.swift"))
            #expect(try tree.read("Sources/Feature/Shared.swift") == "let a = 1\n")
            #expect(try tree.read(".ci/run") == "scripts/other\n")
        }
    }

    @Test("a region left open anywhere is refused before any file changes")
    func refusesAnOpenRegion() throws {
        let files = [
            "Sources/Feature/Own.swift": "// part of: Vendor\nstruct Own {}\n",
            "Sources/Feature/Open.swift": "// begin part of: Vendor\nlet a = 1\n",
        ]
        try withScratchTree(files) { tree in
            #expect(throws: ToolFailure.self) { try MarkedParts(of: ["Vendor"], in: tree) }
            #expect(tree.exists("Sources/Feature/Own.swift"))
        }
    }
}
