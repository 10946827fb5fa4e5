import Foundation

/// The JSON file store against SQLite by store size; with `--update-docs` it also writes the
/// figures as `Docs/images/json-vs-sqlite.csv` and draws them as `Docs/images/json-vs-sqlite.svg`,
/// so a plain run leaves the tree unchanged.
struct JSONStoreSuite: BenchmarkSuite {
    let name = "JSON file store"
    let options = [Self.updateDocs]
    /// Whether this run rewrites the charts.
    let updatesDocs: Bool

    /// The option that rewrites the charts.
    private static let updateDocs = "--update-docs"

    /// The suite for a run given `arguments`.
    init(arguments: some Sequence<String>) {
        updatesDocs = arguments.contains(Self.updateDocs)
    }

    func run() async throws -> [BenchmarkRow] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("silo-bench-json-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (points, saves) = try await JSONStoreBenchmarks.run(in: directory)
        if updatesDocs {
            try writeChart(points)
        } else {
            FileHandle.standardError.write(
                Data("Docs/images/json-vs-sqlite.* left as they are (scripts/bench --update-docs rewrites them)\n".utf8)
            )
        }

        var rows: [BenchmarkRow] = []
        for point in points {
            let size = point.posts.formatted()
            rows.append(
                row(
                    "JSON store publish p50 / max of 100 at \(size) posts (ms)",
                    baseline: [point.sqlitePublishP50, point.sqlitePublishMax],
                    subject: [point.jsonPublishP50, point.jsonPublishMax],
                    notes: "baseline: SQLite on the same store size; 100 publishes one after another"))
            rows.append(
                row(
                    "JSON store publish p50 against SQLite syncing every commit, at \(size) posts (ms)",
                    baseline: [point.sqliteSyncedPublishP50], subject: [point.jsonPublishP50],
                    notes: "both durable on return (fsync); baseline: SQLite's C API, synchronous = FULL, same file"))
            rows.append(
                row(
                    "JSON store publish p50 without a sync per save, at \(size) posts (ms)",
                    baseline: [point.sqlitePublishP50], subject: [point.jsonUnsyncedPublishP50],
                    notes: "syncsEverySave: false, SQLite's synchronous = NORMAL; baseline: SQLite as above"))
            rows.append(
                row(
                    "JSON store start-up + first page at \(size) posts (ms)",
                    baseline: [point.sqliteStartup], subject: [point.jsonStartup],
                    notes: "baseline: SQLite; median of 5"))
        }
        rows.append(
            BenchmarkRow(
                benchmark: "JSON store file saves for 1,000 concurrent publishes", baseline: "1,000 (one each)",
                subject: "\(saves)", ratio: String(format: "%.3f", Double(saves) / 1_000),
                notes: "target ≤ 20; every publish durable when it returns"))
        return rows
    }

    private func row(_ name: String, baseline: [Double], subject: [Double], notes: String) -> BenchmarkRow {
        func text(_ values: [Double]) -> String { values.map { formatted($0, digits: 2) }.joined(separator: " / ") }
        let ratios = zip(subject, baseline).map { String(format: "%.1f", $0 / $1) }.joined(separator: " / ")
        return BenchmarkRow(
            benchmark: name, baseline: text(baseline), subject: text(subject), ratio: ratios + "x time", notes: notes)
    }

    private func writeChart(_ points: [JSONStoreBenchmarks.Point]) throws {
        let images = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("Docs/images", isDirectory: true)
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        var csv = "posts,json_publish_p50_ms,json_publish_max_ms,sqlite_publish_p50_ms,sqlite_publish_max_ms,"
        csv += "json_startup_ms,sqlite_startup_ms\n"
        for point in points {
            let values = [
                point.jsonPublishP50, point.jsonPublishMax, point.sqlitePublishP50, point.sqlitePublishMax,
                point.jsonStartup, point.sqliteStartup,
            ]
            csv += "\(point.posts)," + values.map { String(format: "%.3f", $0) }.joined(separator: ",") + "\n"
        }
        try Data(csv.utf8).write(to: images.appendingPathComponent("json-vs-sqlite.csv"))
        // The figures from before the journal, when every save rewrote the file, drawn dashed.
        let before =
            (try? String(contentsOf: images.appendingPathComponent("json-vs-sqlite-before.csv"), encoding: .utf8))
            .map { text in
                text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
                    .filter { $0.count == 7 }
            } ?? []
        let earlier: [LogLogChart.Series] =
            before.isEmpty
            ? []
            : [
                .init(
                    name: "JSON publish p50, whole-file saves", color: "#d9480f", points: before.map { ($0[0], $0[1]) },
                    isDashed: true),
                .init(
                    name: "JSON start-up, before", color: "#f08c00", points: before.map { ($0[0], $0[5]) },
                    isDashed: true),
            ]
        let chart = LogLogChart(
            title: "JSON file store against SQLite, by store size",
            xLabel: "posts in the store", yLabel: "milliseconds",
            series: earlier + [
                .init(
                    name: "JSON publish p50", color: "#d9480f",
                    points: points.map { (Double($0.posts), $0.jsonPublishP50) }),
                .init(
                    name: "SQLite publish p50", color: "#1971c2",
                    points: points.map { (Double($0.posts), $0.sqlitePublishP50) }),
                .init(
                    name: "JSON start-up", color: "#f08c00", points: points.map { (Double($0.posts), $0.jsonStartup) }),
                .init(
                    name: "SQLite start-up", color: "#15aabf",
                    points: points.map { (Double($0.posts), $0.sqliteStartup) }),
            ])
        try Data(chart.svg().utf8).write(to: images.appendingPathComponent("json-vs-sqlite.svg"))
    }
}
