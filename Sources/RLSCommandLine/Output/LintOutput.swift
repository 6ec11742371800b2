import Foundation
import RLSCatalog

/// What `rls lint` linted and found, printable as text for people or JSON for machines.
struct LintOutput {
    /// What was linted: `schema` (the compiled-in DSL, applied to a throwaway database) or `database`.
    let source: String
    /// The database or schema in words, for the heading.
    let subject: String
    /// The findings.
    let report: LintReport

    /// Heading, then each finding (level, rule, object; message; fix), then the counts per level.
    func printText(to console: Console) {
        console.output("Linted \(subject).")
        if report.findings.isEmpty { console.output("No findings.") }
        for finding in report.findings {
            console.output()
            let level = finding.level.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            console.output("\(level)\(finding.rule)  \(finding.object.escapedForDisplay)")
            // Messages quote SQL: controls escaped, backslashes as written.
            console.output("        \(finding.message.escapedForDisplay(doublingBackslashes: false))")
            if let fix = finding.fix {
                console.output(
                    "        fix: "
                        + fix.linesEscapedForDisplay.split(separator: "\n", omittingEmptySubsequences: false).joined(
                            separator: "\n             "))
            }
            if source == "schema", let dslFix = finding.dslFix { console.output("        in the DSL: \(dslFix.linesEscapedForDisplay)") }
        }
        console.output()
        console.output("\(report.summary).")
    }

    /// `{"source", "findings", "summary": {"errors", "warnings", "info"}}`, keys sorted.
    func json() throws -> String {
        let summary = Summary(errors: report.count(.error), warnings: report.count(.warning), info: report.count(.info))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Document(source: source, findings: report.findings, summary: summary)), as: UTF8.self)
    }

    private struct Summary: Encodable { let errors, warnings, info: Int }

    private struct Document: Encodable {
        let source: String
        let findings: [LintFinding]
        let summary: Summary
    }
}
