/// A group of benchmark rows measured together, e.g. one integration or one component.
///
/// To add rows, write one file with a type conforming to this protocol and append an instance to
/// the `suites` list in `main.swift`. A command-line filter selects suites by `name`.
protocol BenchmarkSuite: Sendable {
    /// Shown in the table's first column and matched by the command-line filter.
    var name: String { get }

    /// The command-line options this suite reads, such as a flag to rewrite its charts;
    /// `scripts/bench` lists them in its usage and refuses any option no suite declares. None
    /// unless a suite says otherwise.
    var options: [String] { get }

    /// Measures the suite and returns its rows, in display order.
    func run() async throws -> [BenchmarkRow]
}

/// One line of the results table: a subject measured against a baseline in the same run.
struct BenchmarkRow: Sendable {
    var benchmark: String
    var baseline: String
    var subject: String
    /// Subject divided by baseline, in the unit the row states (time per operation unless noted).
    var ratio: String
    var notes: String
}

extension BenchmarkSuite {
    var options: [String] { [] }

    /// Whether `filter` selects this suite: case-insensitive, ignoring spaces and punctuation, so
    /// `commandqueue` selects "CommandQueue overhead".
    func matches(_ filter: String) -> Bool {
        func normalized(_ text: String) -> String {
            String(text.lowercased().filter { $0.isLetter || $0.isNumber })
        }
        return normalized(name).contains(normalized(filter))
    }
}
