import Foundation
import Testing

@testable import TemplateTool

@Suite("The data files beside the docs that only what a removal took named")
struct OrphanedDataFilesTests {
    @Test("a sample or chart only a removed file named goes; one still named, or never named, stays")
    func removesOnlyWhatBecameUnnamed() throws {
        let files = [
            "Docs/images/chart.svg": "<svg/>",
            "Docs/Formats/sample.json": "{}",
            "Docs/Formats/yours.csv": "a,b",
            "Docs/Integrations/Gone.md": "The chart: ../images/chart.svg, the sample: sample.json",
            "Tests/Kept/SampleTests.swift": "let path = \"Docs/Formats/sample.json\"",
            "Sources/TemplateTool/Example.swift": "// yours.csv, named only by the tool",
        ]
        try withScratchTree(files) { tree in
            let data = OrphanedDataFiles(in: tree)
            #expect(Set(data.named) == ["Docs/images/chart.svg", "Docs/Formats/sample.json"])
            try tree.remove("Docs/Integrations/Gone.md")
            #expect(try data.removeOrphans(in: tree) == ["Docs/images/chart.svg"])
            #expect(!tree.exists("Docs/images/chart.svg"))
            #expect(tree.exists("Docs/Formats/sample.json"))
            #expect(tree.exists("Docs/Formats/yours.csv"))
        }
    }

    @Test("a sample that only another removed sample named goes too, and an emptied folder with them")
    func followsNamesBetweenDataFiles() throws {
        let files = [
            "Docs/Formats/schema.sql": "-- the rows of sample.json",
            "Docs/Formats/sample.json": "{}",
            "Docs/Integrations/Gone.md": "See schema.sql and sample.json.",
        ]
        try withScratchTree(files) { tree in
            let data = OrphanedDataFiles(in: tree)
            try tree.remove("Docs/Integrations/Gone.md")
            #expect(Set(try data.removeOrphans(in: tree)) == ["Docs/Formats/schema.sql", "Docs/Formats/sample.json"])
            #expect(!tree.exists("Docs/Formats"))
        }
    }
}
