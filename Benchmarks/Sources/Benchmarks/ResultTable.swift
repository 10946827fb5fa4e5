/// Prints benchmark rows as a Markdown table.
struct ResultTable {
    static let header = ["benchmark", "baseline", "subject", "ratio (subject ÷ baseline)", "notes"]

    var rows: [BenchmarkRow] = []

    /// The table as Markdown, columns padded so it also reads well in a terminal.
    func render() -> String {
        let cells =
            [Self.header]
            + rows.map { [$0.benchmark, $0.baseline, $0.subject, $0.ratio, $0.notes] }
        let widths = Self.header.indices.map { column in
            cells.map { $0[column].count }.max() ?? 0
        }
        func line(_ values: [String]) -> String {
            let padded = zip(values, widths).map { value, width in
                value + String(repeating: " ", count: width - value.count)
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let separator = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(Self.header), separator] + cells.dropFirst().map(line)).joined(separator: "\n")
    }
}
