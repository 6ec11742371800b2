import RLSModel

/// The human-readable report: per table, personas as columns and operations as rows, each cell the
/// observed outcome, mismatches marked `✗` and explained underneath with the expectation and the
/// grant or policy responsible.
///
/// ```text
/// public.saved
///             anon     alice                      bob                        service_role
///   select    denied   alice                      bob                        alice+bob
///   insert    denied   own:yes other:check        own:yes other:check        yes
/// ```
public struct MatrixReport {
    /// The report to format.
    public let report: CheckReport

    /// Formats `report`.
    public init(_ report: CheckReport) { self.report = report }

    /// The whole text, ending with the summary line.
    public var text: String {
        var lines: [String] = report.notes.map { "note: \($0)" }
        if !lines.isEmpty { lines.append("") }
        let results = report.resultsByTable
        for table in report.tables {
            lines += self.table(table, results[table] ?? []) + [""]
        }
        lines += liveLines() + channelLines() + fileLines()
        lines += scenarioLines()
        lines.append(legend)
        lines.append((report.passed ? "PASS " : "FAIL ") + report.summary)
        return lines.joined(separator: "\n")
    }

    /// Outcome words used in cells.
    let legend =
        "cells: yes = allowed, rls = filtered by RLS (no error, no row), check = rejected by WITH CHECK, "
        + "denied = no grant (permission denied), trigger = refused by a trigger, alice+bob = rows SELECT returned; "
        + "✗ mismatch, ! not run, ? unverified"

    private func table(_ name: TableName, _ results: [CheckedProbe<Probe>]) -> [String] {
        let personas = report.personas.filter { persona in results.contains { $0.probe.persona == persona } }
        var rows: [[String]] = [[""] + personas.map(\.description)]
        for operation in Operation.allCases {
            rows.append(
                [operation.rawValue]
                    + personas.map { persona in
                        MatrixCell(results: results.filter { $0.probe.persona == persona && $0.probe.operation == operation }).text
                    })
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = [name.description + (report.plans[name].map { " — \($0)" } ?? "")]
        for row in rows {
            let padded = row.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }
            lines.append(("  " + padded.joined(separator: "   ")).trailingSpacesRemoved)
        }
        var seen: [String] = []
        for result in results where result.verdict != .pass {
            let cell = "\(result.probe.persona) · \(result.probe.operation)"
            guard !seen.contains(cell) else { continue }
            seen.append(cell)
            lines += details(results.filter { "\($0.probe.persona) · \($0.probe.operation)" == cell && $0.verdict != .pass })
        }
        return lines
    }

    /// One block per cell: each failing probe, then the explanations they share, once.
    private func details(_ results: [CheckedProbe<Probe>]) -> [String] {
        let probe = results[0].probe
        let mark = Verdict.worst(of: results.map(\.verdict)).mark
        var lines = ["  \(mark) \(probe.table) · \(probe.persona) · \(probe.operation)"]
        var explanation: [String] = []
        for result in results {
            let layer = result.probe.layer == .policiesOnly ? " [policies only: grant added for the probe]" : ""
            var line =
                "      \(result.probe.target.description(for: result.probe.persona))\(layer): expected \(result.expected), got \(result.observed)"
            if let note = result.note, result.verdict == .mismatch { line += " (\(note))" }
            lines.append(line)
            for reason in result.explanation where !explanation.contains(reason) { explanation.append(reason) }
        }
        return lines + explanation.map { "      → \($0)" }
    }

    private func scenarioLines() -> [String] {
        guard !report.scenarios.isEmpty else { return [] }
        var lines = ["Scenarios"]
        for scenario in report.scenarios {
            lines.append("  \(scenario.passed ? "ok  " : "FAIL") \(scenario.scenario.name)")
            for step in scenario.steps where step.verdict != .pass {
                lines.append("      ✗ as \(step.step.persona): \(step.step.action.sql.text.singleLine)")
                lines.append("        expected \(step.step.action.expectation), got \(step.observedText) (\(step.step.action.source))")
            }
        }
        return lines + [""]
    }
}

extension Verdict {
    /// The matrix's mark after a cell or before a detail line: `✗` mismatch, `!` not run,
    /// `?` unverified, nothing for a pass.
    var mark: String {
        switch self {
        case .pass: ""
        case .mismatch: "✗"
        case .notRun: "!"
        case .unverified: "?"
        }
    }

    /// The verdict a group of probes shows: a mismatch before a probe not run before an unverified one.
    static func worst(of verdicts: [Verdict]) -> Verdict {
        [.mismatch, .notRun, .unverified].first(where: verdicts.contains) ?? .pass
    }
}
