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
        let channelFailures = report.channels.filter { $0.verdict == .mismatch }.count
        let fileFailures = report.files.filter { $0.verdict == .mismatch }.count
        let failures = report.mismatches.count + report.failedScenarios.count + channelFailures + fileFailures
        let errors =
            report.notRun.count + report.channels.filter { $0.verdict == .notRun }.count
            + report.files.filter { $0.verdict == .notRun }.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="rls check" tests="\#(report.results.count + report.channels.count + report.files.count + report.scenarios.count)" failures="\#(failures)" "#
                + #"errors="\#(errors)" skipped="\#(report.unverified.count + report.channels.filter { $0.verdict == .unverified }.count + report.files.filter { $0.verdict == .unverified }.count)" time="\#(Self.seconds(report.seconds))">"#,
        ]
        for table in report.tables {
            let results = report.results(for: table)
            lines.append(
                #"  <testsuite name="\#(Self.escaped(table.description))" tests="\#(results.count)" "#
                    + #"failures="\#(results.filter { $0.verdict == .mismatch }.count)" errors="\#(results.filter { $0.verdict == .notRun }.count)" skipped="\#(results.filter { $0.verdict == .unverified }.count)">"#
            )
            for result in results {
                let name = Self.escaped(result.probe.name)
                let open = #"    <testcase classname="rls check.\#(Self.escaped(table.description))" name="\#(name)""#
                switch result.verdict {
                case .pass:
                    lines.append(open + "/>")
                case .unverified:
                    lines += [open + ">", #"      <skipped message="\#(Self.escaped(result.expected.description))"/>"#, "    </testcase>"]
                case .notRun:
                    lines += [open + ">", Self.error("expected \(result.expected), got \(result.actual)"), "    </testcase>"]
                case .mismatch:
                    let message = "expected \(result.expected), got \(result.actual)"
                    let body = ([message] + (result.note.map { [$0] } ?? []) + result.explanation).joined(separator: "\n")
                    lines += [
                        open + ">", #"      <failure message="\#(Self.escaped(message))" type="mismatch">\#(Self.escaped(body))</failure>"#,
                        "    </testcase>",
                    ]
                }
            }
            lines.append("  </testsuite>")
        }
        lines += channelSuite()
        lines += fileSuite()
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
                    "as \($0.step.persona): \($0.step.action.sql.text)\nexpected \($0.step.action.expectation), got \($0.observed) (\($0.step.action.source))"
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

    /// One `<testsuite name="channels">` with a test case per channel probe.
    private func channelSuite() -> [String] {
        guard !report.channels.isEmpty else { return [] }
        let failed = report.channels.filter { $0.verdict == .mismatch }.count
        let skipped = report.channels.filter { $0.verdict == .unverified }.count
        let errors = report.channels.filter { $0.verdict == .notRun }.count
        var lines = [
            #"  <testsuite name="channels" tests="\#(report.channels.count)" failures="\#(failed)" errors="\#(errors)" skipped="\#(skipped)">"#
        ]
        for result in report.channels {
            let open = #"    <testcase classname="rls check.channels" name="\#(Self.escaped(result.probe.name))""#
            switch result.verdict {
            case .pass: lines.append(open + "/>")
            case .unverified: lines += [open + ">", #"      <skipped message="\#(Self.escaped(result.observed))"/>"#, "    </testcase>"]
            case .notRun: lines += [open + ">", Self.error(result.observed), "    </testcase>"]
            case .mismatch:
                let message = "expected \(result.probe.expectedAllowed ? "yes" : "no"), got \(result.observed)"
                lines += [open + ">", #"      <failure message="\#(Self.escaped(message))" type="mismatch"/>"#, "    </testcase>"]
            }
        }
        return lines + ["  </testsuite>"]
    }

    /// One `<testsuite name="files">` with a test case per storage probe.
    private func fileSuite() -> [String] {
        guard !report.files.isEmpty else { return [] }
        let failed = report.files.filter { $0.verdict == .mismatch }.count
        let skipped = report.files.filter { $0.verdict == .unverified }.count
        let errors = report.files.filter { $0.verdict == .notRun }.count
        var lines = [
            #"  <testsuite name="files" tests="\#(report.files.count)" failures="\#(failed)" errors="\#(errors)" skipped="\#(skipped)">"#
        ]
        for result in report.files {
            let open = #"    <testcase classname="rls check.files" name="\#(Self.escaped(result.probe.name))""#
            switch result.verdict {
            case .pass: lines.append(open + "/>")
            case .unverified: lines += [open + ">", #"      <skipped message="\#(Self.escaped(result.observed))"/>"#, "    </testcase>"]
            case .notRun: lines += [open + ">", Self.error(result.observed), "    </testcase>"]
            case .mismatch:
                let message = "expected \(result.probe.expectedAllowed ? "yes" : "no"), got \(result.observedWithNote)"
                lines += [open + ">", #"      <failure message="\#(Self.escaped(message))" type="mismatch"/>"#, "    </testcase>"]
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
