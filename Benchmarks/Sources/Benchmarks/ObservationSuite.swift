import Foundation

/// SQLite observation: cross-process latency, idle cost and the cost to a busy writer.
struct ObservationSuite: BenchmarkSuite {
    let name = "Observation"

    func run() async throws -> [BenchmarkRow] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("silo-bench-observation-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await ObservationBenchmarks.run(in: directory)
    }
}
