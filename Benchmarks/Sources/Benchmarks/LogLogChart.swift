import Foundation

/// A line chart with logarithmic axes, drawn as SVG text: enough for figures that span decades.
struct LogLogChart {
    /// One line of the chart.
    struct Series {
        var name: String
        var color: String
        var points: [(x: Double, y: Double)]
        /// Drawn dashed: an earlier measurement shown for comparison.
        var isDashed = false
    }

    var title: String
    var xLabel: String
    var yLabel: String
    var series: [Series]
    var width = 640.0
    var height = 400.0

    /// The chart as a standalone SVG document.
    func svg() -> String {
        let left = 70.0, right = 180.0, top = 40.0, bottom = 50.0
        let all = series.flatMap(\.points).filter { $0.x > 0 && $0.y > 0 }
        let xs = decades(all.map(\.x))
        let ys = decades(all.map(\.y))
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        func px(_ x: Double) -> Double {
            left + (log10(x) - xs.lowerBound) / (xs.upperBound - xs.lowerBound) * plotWidth
        }
        func py(_ y: Double) -> Double {
            top + plotHeight - (log10(y) - ys.lowerBound) / (ys.upperBound - ys.lowerBound) * plotHeight
        }
        func number(_ value: Double) -> String { String(format: "%.1f", value) }

        var parts = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Int(width))" height="\#(Int(height))" font-family="sans-serif" font-size="12">"#,
            #"<rect width="100%" height="100%" fill="white"/>"#,
            #"<text x="\#(number(width / 2))" y="20" text-anchor="middle" font-size="14">\#(title)</text>"#,
        ]
        for exponent in Int(xs.lowerBound)...Int(xs.upperBound) {
            let x = px(pow(10, Double(exponent)))
            parts.append(
                #"<line x1="\#(number(x))" y1="\#(number(top))" x2="\#(number(x))" y2="\#(number(top + plotHeight))" stroke="lightgray"/>"#
            )
            parts.append(
                #"<text x="\#(number(x))" y="\#(number(top + plotHeight + 16))" text-anchor="middle">\#(label(exponent))</text>"#
            )
        }
        for exponent in Int(ys.lowerBound)...Int(ys.upperBound) {
            let y = py(pow(10, Double(exponent)))
            parts.append(
                #"<line x1="\#(number(left))" y1="\#(number(y))" x2="\#(number(left + plotWidth))" y2="\#(number(y))" stroke="lightgray"/>"#
            )
            parts.append(
                #"<text x="\#(number(left - 6))" y="\#(number(y + 4))" text-anchor="end">\#(label(exponent))</text>"#)
        }
        parts.append(
            #"<text x="\#(number(left + plotWidth / 2))" y="\#(number(height - 10))" text-anchor="middle">\#(xLabel)</text>"#
        )
        parts.append(
            #"<text x="16" y="\#(number(top + plotHeight / 2))" text-anchor="middle" transform="rotate(-90 16 \#(number(top + plotHeight / 2)))">\#(yLabel)</text>"#
        )
        for (index, line) in series.enumerated() {
            let points = line.points.filter { $0.x > 0 && $0.y > 0 }.map { "\(number(px($0.x))),\(number(py($0.y)))" }
            parts.append(
                #"<polyline fill="none" stroke="\#(line.color)" stroke-width="2"\#(line.isDashed ? #" stroke-dasharray="6 4""# : "") points="\#(points.joined(separator: " "))"/>"#
            )
            let legendY = top + 10 + Double(index) * 18
            parts.append(
                #"<rect x="\#(number(width - right + 12))" y="\#(number(legendY - 9))" width="12" height="12" fill="\#(line.color)"/>"#
            )
            parts.append(#"<text x="\#(number(width - right + 30))" y="\#(number(legendY + 1))">\#(line.name)</text>"#)
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    /// The whole decades (as exponents) that hold `values`.
    private func decades(_ values: [Double]) -> ClosedRange<Double> {
        let low = floor(log10(values.min() ?? 1))
        let high = max(low + 1, ceil(log10(values.max() ?? 10)))
        return low...high
    }

    private func label(_ exponent: Int) -> String {
        let value = pow(10, Double(exponent))
        return value >= 1 ? Int(value).formatted() : String(format: "%g", value)
    }
}
