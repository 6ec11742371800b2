/// The findings of one lint run, sorted: errors first, then by rule and object.
public struct LintReport: Equatable, Sendable, Codable {
    /// Every finding, in deterministic order.
    public let findings: [LintFinding]

    /// Creates a report; the findings are sorted and duplicates dropped.
    public init(findings: [LintFinding]) {
        self.findings = Array(Set(findings)).sorted()
    }

    /// How many findings have `level`.
    public func count(_ level: LintLevel) -> Int {
        findings.filter { $0.level == level }.count
    }

    /// True when any finding is an error: `rls lint` then exits 1.
    public var hasErrors: Bool { count(.error) > 0 }

    /// The findings of one rule.
    public func findings(of rule: LintRule.ID) -> [LintFinding] {
        findings.filter { $0.rule == rule }
    }

    /// `2 errors, 1 warning, 0 info`.
    public var summary: String {
        let errors = count(.error)
        let warnings = count(.warning)
        return "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(count(.info)) info"
    }
}
