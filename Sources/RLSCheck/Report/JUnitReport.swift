/// The report as JUnit XML (`rls check --junit FILE`), which CI systems display as test results:
/// one `<testsuite>` per table (and one for the scenarios), one `<testcase>` per probe,
/// `<failure>` for a mismatch with its explanation, `<error>` for a probe that could not run (with the
/// server's words), `<skipped>` for an unverified probe.
public struct JUnitReport {
    /// The report to format.
    public let report: CheckReport

    /// Formats `report`.
    public init(_ report: CheckReport) { self.report = report }

    /// The XML document.
    public var text: String {
        let probes = report.everyProbe
        func count(_ verdict: Verdict) -> Int { probes.filter { $0.verdict == verdict }.count }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="rls check" tests="\#(probes.count + report.scenarios.count)" failures="\#(count(.mismatch) + report.failedScenarios.count)" "#
                + #"errors="\#(count(.notRun))" skipped="\#(count(.unverified))" time="\#(Self.seconds(report.seconds))">"#,
        ]
        let results = report.resultsByTable
        for table in report.tables {
            lines += suite(table.description, results[table] ?? [], evenEmpty: true)
        }
        lines += suite("channels", report.channels)
        lines += suite("files", report.files)
        if !report.scenarios.isEmpty {
            lines.append(
                #"  <testsuite name="scenarios" tests="\#(report.scenarios.count)" failures="\#(report.failedScenarios.count)" skipped="0">"#
            )
            for scenario in report.scenarios {
                let open =
                    #"    <testcase classname="rls check.scenarios" name="\#(Self.escaped(scenario.scenario.name))" file="\#(Self.escaped(scenario.scenario.source.fileID))" line="\#(scenario.scenario.source.line)""#
                if scenario.passed {
                    lines.append(open + "/>")
                    continue
                }
                let body = scenario.steps.filter { $0.verdict == .mismatch }.map {
                    "as \($0.step.persona): \($0.step.action.sql.text)\nexpected \($0.step.action.expectation), got \($0.observedText) (\($0.step.action.source))"
                }.joined(separator: "\n")
                lines += [
                    open + ">", #"      <failure message="scenario failed" type="scenario">\#(Self.escaped(body))</failure>"#,
                    "    </testcase>",
                ]
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One `<testsuite>` of `results` (a table's probes, every channel's, every file's), a test case
    /// each: `<failure>` for a mismatch with its note and explanation, `<error>` for a probe not run,
    /// `<skipped>` for an unverified one. Nothing for no results unless `evenEmpty` (a table's).
    private func suite(_ name: String, _ results: [any ReportedProbe], evenEmpty: Bool = false) -> [String] {
        guard !results.isEmpty || evenEmpty else { return [] }
        func count(_ verdict: Verdict) -> Int { results.filter { $0.verdict == verdict }.count }
        var lines = [
            #"  <testsuite name="\#(Self.escaped(name))" tests="\#(results.count)" "#
                + #"failures="\#(count(.mismatch))" errors="\#(count(.notRun))" skipped="\#(count(.unverified))">"#
        ]
        for result in results {
            let open = #"    <testcase classname="rls check.\#(Self.escaped(name))" name="\#(Self.escaped(result.name))""#
            let message = "expected \(result.expectedText), got \(result.observedText)"
            switch result.verdict {
            case .pass:
                lines.append(open + "/>")
            case .unverified:
                lines += [open + ">", #"      <skipped message="\#(Self.escaped(result.expectedText))"/>"#, "    </testcase>"]
            case .notRun:
                lines += [open + ">", Self.error(message), "    </testcase>"]
            case .mismatch:
                let body = ([message] + (result.note.map { [$0] } ?? []) + result.explanation).joined(separator: "\n")
                lines += [
                    open + ">", #"      <failure message="\#(Self.escaped(message))" type="mismatch">\#(Self.escaped(body))</failure>"#,
                    "    </testcase>",
                ]
            }
        }
        return lines + ["  </testsuite>"]
    }

    /// `<error>` for a probe that could not run: JUnit's word for a test that did not get to its assertion.
    private static func error(_ message: String) -> String {
        #"      <error message="\#(escaped(message))" type="not run"/>"#
    }

    private static func seconds(_ value: Double) -> String { String((value * 1000).rounded() / 1000) }

    /// Text safe inside XML attributes and elements.
    static func escaped(_ text: String) -> String { text.markupEscaped }
}
