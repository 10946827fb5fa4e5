import Foundation

/// The offline-first integration: publish offline, replay, arrival across devices, idle cost.
struct OfflineFirstSuite: BenchmarkSuite {
    let name = "Offline-first"

    func run() async throws -> [BenchmarkRow] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("silo-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await OfflineFirstBenchmarks.run(in: directory).map { row in
            BenchmarkRow(
                benchmark: row.name, baseline: row.baseline, subject: row.subject, ratio: row.ratio, notes: row.note)
        }
    }
}
