extension LintRule {
    /// `live-table-per-row-function` (warning): a select policy of a live table calls a function
    /// per row (not wrapped in `(select …)`). Realtime checks every change against every subscriber's
    /// policies, so the call runs once per change per subscriber, on the replication path.
    ///
    ///     using ((select private.is_member_of(org_id)))   -- wrapped: once per statement
    public static let liveTablePerRowFunction = LintRule(
        id: .liveTablePerRowFunction,
        summary: "A live table's select policy calls a function per row; Realtime runs it per change per subscriber."
    ) { catalog in
        let live = Set(catalog.tables.filter(\.isLive).map(\.name))
        return catalog.policies.compactMap { policy in
            guard live.contains(policy.table), policy.command == .select || policy.command == .all,
                let using = policy.using
            else { return nil }
            let calls = PolicyExpression(text: using).perRowFunctionCalls
            guard !calls.isEmpty else { return nil }
            return LintFinding(
                rule: .liveTablePerRowFunction, level: .warning, object: "\(policy.table).\(policy.name)",
                message: "Policy \(policy.name) on live table \(policy.table) calls \(calls.joined(separator: ", ")) for every row; "
                    + "Realtime evaluates it for every change and every subscriber. Wrap calls that do not depend on the row "
                    + "as (select …), or keep the table's read policy to column comparisons.",
                dslFix: "access plans compile to initplans already; in SQL(raw:), wrap calls as (select …)")
        }
    }
}
