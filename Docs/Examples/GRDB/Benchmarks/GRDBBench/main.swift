// scripts/remove-integration deletes this file with the integration it is part of: GRDB
import Foundation
import GRDBIntegration
import Models
import SQLiteIntegration
import Services

// The GRDB example against the SQLite integration, measured in one run through the same
// services: the publish latency, the rate of reading a feed's first page, and the start-up on a
// database holding every post. Rounds alternate the two, so both see the same machine; each
// figure is the median over the rounds.
// Usage: swift run -c release --package-path Benchmarks GRDBBench [posts] [rounds] [page reads]

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let postCount = arguments.count > 0 ? arguments[0] : 2_000
let rounds = arguments.count > 1 ? arguments[1] : 3
let pageReads = arguments.count > 2 ? arguments[2] : 2_000

/// One store under measurement: how to make it on a directory.
struct Subject: Sendable {
    let name: String
    let make: @Sendable (URL) -> any Integration
}

/// What one round measured for one store.
struct Figures {
    var publishMicroseconds: Double
    var pagesPerSecond: Double
    var startMilliseconds: Double
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

func measure(_ subject: Subject) async throws -> Figures {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let clock = ContinuousClock()

    let integration = subject.make(directory)
    try await integration.start()
    guard let posts = integration.services.service(.posts), let users = integration.services.service(.users) else {
        fatalError("\(subject.name) does not serve posts and users")
    }
    let author = try await users.create(UserDraft(handle: "bench", displayName: "Bench"))
    var publishTimes: [Double] = []
    for index in 0..<postCount {
        let started = clock.now
        _ = try await posts.publish(PostDraft(authorID: author.id, text: "Post number \(index)"))
        publishTimes.append(milliseconds(clock.now - started) * 1e3)
    }
    let readStarted = clock.now
    for _ in 0..<pageReads {
        _ = try await posts.feed(authorID: author.id, page: PageRequest(size: 20))
    }
    let pagesPerSecond = Double(pageReads) / (milliseconds(clock.now - readStarted) / 1e3)
    await integration.stop()

    let reopened = subject.make(directory)
    let startStarted = clock.now
    try await reopened.start()
    let startMilliseconds = milliseconds(clock.now - startStarted)
    await reopened.stop()
    return Figures(
        publishMicroseconds: median(publishTimes), pagesPerSecond: pagesPerSecond,
        startMilliseconds: startMilliseconds)
}

let baseline = Subject(name: "SQLite") { directory in
    SQLiteIntegration(configuration: .file(named: "silo.sqlite", in: directory))
}
let example = Subject(name: "GRDB") { directory in GRDBIntegration(configuration: .init(directory: directory)) }

var measured: [String: [Figures]] = [:]
for round in 1...rounds {
    for subject in round % 2 == 1 ? [baseline, example] : [example, baseline] {
        measured[subject.name, default: []].append(try await measure(subject))
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

#if DEBUG
    print(
        "Warning: debug build; run `swift run -c release --package-path Benchmarks GRDBBench` for meaningful figures.\n"
    )
#endif
print("\(postCount) posts by one author, \(pageReads) first-page reads of 20, median of \(rounds) rounds")
print("| figure | SQLite | GRDB | GRDB / SQLite |")
print("|---|---:|---:|---:|")
let rows: [(String, KeyPath<Figures, Double>)] = [
    ("publish p50 (µs)", \.publishMicroseconds),
    ("first-page reads per second", \.pagesPerSecond),
    ("start-up on a database of every post (ms)", \.startMilliseconds),
]
for (label, path) in rows {
    let sqlite = median(measured["SQLite", default: []].map { $0[keyPath: path] })
    let grdb = median(measured["GRDB", default: []].map { $0[keyPath: path] })
    print(
        "| \(label) | \(String(format: "%.1f", sqlite)) | \(String(format: "%.1f", grdb)) | \(String(format: "%.2f", grdb / sqlite)) |"
    )
}
