import Foundation

/// The SQLite integration against the raw C API doing the same SQL in the same process.
struct SQLiteSuite: BenchmarkSuite {
    let name = "SQLite"

    func run() async throws -> [BenchmarkRow] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("silo-bench-sqlite-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await SQLiteBenchmarks.run(in: directory).map { row in
            BenchmarkRow(
                benchmark: row.name,
                baseline: row.ratio == nil ? "–" : Self.format(row.baseline),
                subject: Self.format(row.subject),
                ratio: row.ratio.map { String(format: "%.2f", $0) + " \(row.ratioLabel)" } ?? "–",
                notes: row.note
            )
        }
    }

    private static func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }
}
