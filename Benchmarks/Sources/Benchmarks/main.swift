import Foundation

ObservationWriter.runIfRequested()

let arguments = CommandLine.arguments.dropFirst()

/// Every suite, in table order. Add a suite by writing one file and appending it here.
let suites: [any BenchmarkSuite] = [
    CommandQueueOverheadSuite(),
    CoalescingSuite(),
    SQLiteSuite(),
    ObservationSuite(),
    JSONStoreSuite(arguments: arguments),
    MockVideoHostSuite(),
    HTTPBackendSuite(),
    OfflineFirstSuite(),
    PasswordHashingSuite(),  // part of: authentication, HTTPBackend
]

/// The options the suites read, for the usage.
let options = suites.flatMap(\.options)
let usage =
    "USAGE: scripts/bench [<suite>]\(options.map { " [\($0)]" }.joined())\nSuites: "
    + suites.map(\.name).joined(separator: ", ")
if arguments.contains("-h") || arguments.contains("--help") {
    print(usage)
    exit(0)
}

let filter = arguments.first { !$0.hasPrefix("-") }
let selected = suites.filter { suite in filter.map(suite.matches) ?? true }
guard !selected.isEmpty else {
    FileHandle.standardError.write(Data("No suite matches \((filter ?? "").debugDescription).\n\(usage)\n".utf8))
    exit(1)
}
// An option no selected suite reads: unknown, or another suite's.
let selectedOptions = selected.flatMap(\.options)
if let unread = arguments.first(where: { $0.hasPrefix("-") && !selectedOptions.contains($0) }) {
    let readers = suites.filter { $0.options.contains(unread) }.map(\.name)
    let problem =
        readers.isEmpty
        ? "Unknown option \(unread.debugDescription)."
        : "\(unread) is an option of \(readers.joined(separator: ", ")), which this run does not select."
    FileHandle.standardError.write(Data("\(problem)\n\(usage)\n".utf8))
    exit(64)
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
