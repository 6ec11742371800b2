import RLSModel
import RLSSQL

extension LintRule {
    /// `policy-without-role` (warning): a policy has no `TO` clause, so it applies to PUBLIC: every
    /// role, `anon` included. Its condition is then evaluated (and must be right) for requests it was
    /// never meant for, and a later grant to `anon` silently opens what it allows.
    ///
    ///     alter policy "owner" on "public"."note" to "authenticated";
    public static let policyWithoutRole = LintRule(
        id: .policyWithoutRole,
        summary: "A policy has no TO role, so it applies to every role, anon included."
    ) { catalog in
        catalog.policies.filter { $0.roles.contains(.public) }.map { policy in
            LintFinding(
                rule: .policyWithoutRole, level: .warning, object: "\(policy.table).\(policy.name)",
                message: "Policy \(policy.name) on \(policy.table) applies to PUBLIC (no TO clause), so anon requests are checked "
                    + "against it too. Name the roles it is for. The fix keeps exactly today's access for both API roles "
                    + "(to anon, authenticated); drop anon from it if the policy is meant for signed-in users only.",
                fix: "alter policy \(quoteIdentifier(policy.name)) on \(policy.table.sql) to \"anon\", \"authenticated\";",
                dslFix: "access plans compile to TO anon/authenticated; name the roles of a raw Policy(…)"
            )
        }
    }
}
