import Foundation
import RLSCatalog

/// `rls lint --format sarif`: SARIF 2.1.0 for code scanning (GitHub and others). One run, the
/// tool's rules with their splinter numbers, one result per finding, located in the migration file
/// that creates the object when one does.
struct LintSARIF {
    let report: LintReport
    let locations: [LintFinding: LintLocation]

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(try document()), as: UTF8.self)
    }

    /// The SARIF document; throws when a finding names a rule `Lint.rules` does not hold, which a
    /// SARIF result cannot point at (it used to point at rule 0 silently).
    private func document() throws -> Document {
        let rules = Lint.rules.map { rule in
            Rule(
                id: rule.id.rawValue, shortDescription: Text(text: rule.summary),
                helpUri: "https://github.com/rls/rls/blob/main/Docs/LINT.md#\(rule.id)",
                properties: RuleProperties(splinter: rule.splinter))
        }
        let index = Dictionary(uniqueKeysWithValues: Lint.rules.enumerated().map { ($1.id, $0) })
        let results = try report.findings.map { finding in
            guard let ruleIndex = index[finding.rule] else {
                throw CommandError(
                    "a lint finding names rule \(finding.rule), which rls lint does not declare: the SARIF report cannot point at it. "
                        + "Add the rule to Lint.rules.")
            }
            return Result(
                ruleId: finding.rule.rawValue, ruleIndex: ruleIndex, level: Self.level(finding.level),
                message: Text(text: finding.message + (finding.fix.map { "\nfix: \($0)" } ?? "")),
                locations: locations[finding].map {
                    [
                        Location(
                            physicalLocation: Physical(
                                artifactLocation: Artifact(uri: $0.file), region: Region(startLine: $0.line)))
                    ]
                } ?? [],
                partialFingerprints: ["rlsObject": "\(finding.rule):\(finding.object)"],
                properties: ResultProperties(object: finding.object))
        }
        return Document(runs: [Run(tool: Tool(driver: Driver(rules: rules)), results: results)])
    }

    private static func level(_ level: LintLevel) -> String {
        switch level {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    private struct Document: Encodable {
        var version = "2.1.0"
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let runs: [Run]
        enum CodingKeys: String, CodingKey {
            case version
            case schema = "$schema"
            case runs
        }
    }
    private struct Run: Encodable {
        let tool: Tool
        let results: [Result]
    }
    private struct Tool: Encodable { let driver: Driver }
    private struct Driver: Encodable {
        var name = "rls lint"
        var informationUri = "https://github.com/rls/rls/blob/main/Docs/LINT.md"
        let rules: [Rule]
    }
    private struct Rule: Encodable {
        let id: String
        let shortDescription: Text
        let helpUri: String
        let properties: RuleProperties
    }
    private struct RuleProperties: Encodable { let splinter: [String] }
    private struct Text: Encodable { let text: String }
    private struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Text
        let locations: [Location]
        let partialFingerprints: [String: String]
        let properties: ResultProperties
    }
    private struct ResultProperties: Encodable { let object: String }
    private struct Location: Encodable { let physicalLocation: Physical }
    private struct Physical: Encodable {
        let artifactLocation: Artifact
        let region: Region
    }
    private struct Artifact: Encodable { let uri: String }
    private struct Region: Encodable { let startLine: Int }
}
