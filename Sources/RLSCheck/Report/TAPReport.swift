import RLSJSON

/// The report as TAP version 13 (`rls check --format tap`): a plan line, one `ok`/`not ok` per
/// probe and per scenario, a YAML block under each failure (a mismatch, or a probe that could not
/// run), and `# SKIP` for unverified probes.
///
/// ```text
/// TAP version 13
/// 1..354
/// ok 1 - public.profiles · anon · select · fixture rows
/// not ok 2 - public.saved · bob · select · fixture rows
///   ---
///   expected: "bob"
///   actual: "alice+bob"
///   ...
/// ```
public struct TAPReport {
    /// The report to format.
    public let report: CheckReport

    /// Formats `report`.
    public init(_ report: CheckReport) { self.report = report }

    /// The TAP stream.
    public var text: String {
        let probes = report.everyProbe
        var lines = ["TAP version 13", "1..\(probes.count + report.scenarios.count)"] + report.notes.map { "# note: \($0)" }
        var number = 0
        for result in probes {
            number += 1
            let name = Self.description(result.name)
            switch result.verdict {
            case .pass:
                lines.append("ok \(number) - \(name)")
            case .unverified:
                lines.append("ok \(number) - \(name) # SKIP \(Self.directive(result.expectedText))")
            case .mismatch, .notRun:
                lines.append("not ok \(number) - \(name)")
                lines += yaml(
                    [("expected", result.expectedText), ("actual", result.observedText)] + (result.note.map { [("note", $0)] } ?? []),
                    list: ("explanation", result.explanation))
            }
        }
        for scenario in report.scenarios {
            number += 1
            let name = Self.description("scenario: \(scenario.scenario.name)")
            guard !scenario.passed else {
                lines.append("ok \(number) - \(name)")
                continue
            }
            lines.append("not ok \(number) - \(name)")
            let failures = scenario.steps.filter { $0.verdict == .mismatch }.map {
                "as \($0.step.persona): \($0.step.action.sql.text.singleLine) — expected \($0.step.action.expectation), got \($0.observedText)"
            }
            lines += yaml([("source", scenario.scenario.source.description)], list: ("failed steps", failures))
        }
        lines.append("# \(report.summary)")
        return lines.joined(separator: "\n") + "\n"
    }

    private func yaml(_ pairs: [(String, String)], list: (String, [String])) -> [String] {
        var lines = ["  ---"] + pairs.map { "  \($0.0): \(quoteJSONString($0.1))" }
        if !list.1.isEmpty {
            lines.append("  \(list.0):")
            lines += list.1.map { "    - \(quoteJSONString($0))" }
        }
        return lines + ["  ..."]
    }

    /// A test description on one line with `#` escaped as `\#` (TAP 13): a name holding `# TODO` or
    /// `# SKIP` would otherwise turn a failure into one that TAP consumers count as passing.
    static func description(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "#", with: "\\#")
            .split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// A directive reason on one line, without `#`, which would start another directive.
    private static func directive(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "#", with: "no.")
    }
}
