import RLSCatalog

/// `rls lint --fail-on error|warning|info`.
extension LintLevel: ArgumentChoice {
    static var noun: String { "--fail-on level" }
}
