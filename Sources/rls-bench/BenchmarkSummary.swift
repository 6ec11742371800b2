import Foundation

/// Every figure of the run beside its target, printed last so the whole picture is in one place.
struct BenchmarkSummary {
    /// One figure.
    struct Figure {
        let name: String
        let measured: String
        let target: String
        /// nil when there is no target to meet, or the figure could not be measured.
        let met: Bool?
    }

    private(set) var figures: [Figure] = []

    mutating func add(_ name: String, _ measured: String, target: String, met: Bool?) {
        figures.append(Figure(name: name, measured: measured, target: target, met: met))
    }

    /// Seconds as `412 ms` below ten seconds, `12.3 s` above.
    static func time(_ seconds: Double) -> String {
        seconds < 10 ? Stopwatch.ms(seconds) : String(format: "%.1f s", seconds)
    }

    var text: String {
        guard !figures.isEmpty else { return "" }
        let header = ["figure", "measured", "target", ""]
        let rows = figures.map { [$0.name, $0.measured, $0.target, $0.met.map { $0 ? "met" : "MISSED" } ?? "-"] }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        let lines = ([header] + rows).map { cells in
            String(
                zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                    .reversed().drop { $0 == " " }.reversed())
        }
        return (["", "summary (this machine, this run):"] + lines).joined(separator: "\n")
    }
}
