import Foundation

ObservationWriter.runIfRequested()

let arguments = CommandLine.arguments.dropFirst()
/// `--update-docs` rewrites the charts under Docs/images; without it a run leaves the tree as it was.
let updatesDocs = arguments.contains("--update-docs")

/// Every suite, in table order. Add a suite by writing one file and appending it here.
let suites: [any BenchmarkSuite] = [
    CommandQueueOverheadSuite(),
    CoalescingSuite(),
    SQLiteSuite(),
    ObservationSuite(),
    JSONStoreSuite(updatesDocs: updatesDocs),
    MockVideoHostSuite(),
    HTTPBackendSuite(),
    OfflineFirstSuite(),
    PasswordHashingSuite(),  // part of: authentication, HTTPBackend
]

let filter = arguments.first { !$0.hasPrefix("--") }
let selected = suites.filter { suite in filter.map(suite.matches) ?? true }
guard !selected.isEmpty else {
    let names = suites.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("No benchmark matches '\(filter ?? "")'. Available: \(names)\n".utf8))
    exit(1)
}

#if DEBUG
    print("Warning: debug build; run scripts/bench (release) for meaningful figures.\n")
#endif

var table = ResultTable()
for suite in selected {
    FileHandle.standardError.write(Data("Running \(suite.name)...\n".utf8))
    table.rows += try await suite.run()
}
print(table.render())
