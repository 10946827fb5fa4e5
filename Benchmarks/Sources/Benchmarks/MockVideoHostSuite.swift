import Foundation

/// The mock video host uploading a 1 GiB sparse file, against `cp` of the same file.
struct MockVideoHostSuite: BenchmarkSuite {
    let name = "Mock video host upload"

    func run() async throws -> [BenchmarkRow] {
        try await MockVideoHostBenchmarks.run().map { row in
            BenchmarkRow(
                benchmark: row.name,
                baseline: row.baseline,
                subject: row.subject,
                ratio: row.ratio.map { String(format: "%.1fx time", $0) } ?? "–",
                notes: row.note
            )
        }
    }
}
