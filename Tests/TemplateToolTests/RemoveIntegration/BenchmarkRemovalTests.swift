import Testing

@testable import TemplateTool

@Suite("An integration's benchmarks go with it")
struct BenchmarkRemovalTests {
    @Test("its suites go, with the helpers only they used; what other suites use, or may, stays")
    func removesSuitesAndTheirOwnHelpers() throws {
        let folder = "Benchmarks/Sources/Benchmarks"
        let files = [
            "Benchmarks/Package.swift": "// swift-tools-version:6.0\n",
            "\(folder)/main.swift": "let suites: [any Suite] = [StoreSuite(), OtherSuite()]\n",
            "\(folder)/StoreSuite.swift":
                "import StoreIntegration\n\nstruct StoreSuite: Suite {\n    let chart = Chart()\n    let table = Table()\n"
                + "    let timing = Timing()\n    let sample = Sample()\n}\n",
            "\(folder)/Chart.swift": "struct Chart {\n    let axis = Axis()\n}\n",
            "\(folder)/Axis.swift": "struct Axis {}\n",
            "\(folder)/Table.swift": "struct Table {}\n",
            "\(folder)/Timing.swift": "struct Timing {}\n\nfunc median(_ values: [Double]) -> Double { values[0] }\n",
            "\(folder)/Private.swift": "struct Sample {}\n\nprivate func helper() {}\n",
            "\(folder)/OtherSuite.swift": "struct OtherSuite: Suite {\n    let table = Table()\n}\n",
            "\(folder)/Suite.swift": "protocol Suite {}\n",
        ]
        try withScratchTree(files) { tree in
            try BenchmarkRemoval(modules: ["StoreIntegration"], tree: tree).run()
            for gone in ["StoreSuite", "Chart", "Axis", "Private"] {
                #expect(!tree.exists("\(folder)/\(gone).swift"), "\(gone)")
            }
            for kept in ["Table", "OtherSuite", "Suite", "Timing"] {
                #expect(tree.exists("\(folder)/\(kept).swift"), "\(kept)")
            }
            #expect(try tree.read("\(folder)/main.swift") == "")
        }
    }
}
