/// The HTTP integration's client and `silo-backend`.
struct HTTPBackendSuite: BenchmarkSuite {
    let name = "HTTP backend"

    func run() async throws -> [BenchmarkRow] {
        try await HTTPBackendBenchmarks.run().map { row in
            BenchmarkRow(
                benchmark: row.name, baseline: row.baseline, subject: row.subject, ratio: row.ratio, notes: row.note)
        }
    }
}
