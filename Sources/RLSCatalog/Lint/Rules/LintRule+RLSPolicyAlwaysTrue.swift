import RLSModel

extension LintRule {
    /// `rls-policy-always-true` (warning; error for anon): a permissive policy whose `USING` (for
    /// UPDATE/DELETE/ALL) or `WITH CHECK` (for INSERT/UPDATE/ALL) is `true`, `1 = 1` or missing, so it
    /// lets its roles change every row. `using (true)` for SELECT is the usual public read and is left alone.
    /// For anon (or PUBLIC) it is an error: anyone with the anon key writes whatever they like.
    ///
    ///     create policy "anyone inserts" on t for insert to anon with check (true);   -- error
    public static let rlsPolicyAlwaysTrue = LintRule(
        id: .rlsPolicyAlwaysTrue, summary: "A policy lets its roles write any row (true, 1 = 1 or no condition).",
        splinter: ["0024_rls_policy_always_true"]
    ) { catalog in
        catalog.policies.compactMap { policy -> LintFinding? in
            guard policy.permissive, catalog.table(policy.table)?.rowSecurity == true,
                !Set(policy.roles).isDisjoint(with: Catalog.apiRoles)
            else { return nil }
            let command = policy.command
            let openUsing = [.update, .delete, .all].contains(command) && (policy.using == nil || isAlwaysTrue(policy.using))
            let openCheck =
                isAlwaysTrue(policy.withCheck)
                || (policy.withCheck == nil && command == .insert)
                || (policy.withCheck == nil && [.update, .all].contains(command) && isAlwaysTrue(policy.using))
            guard openUsing || openCheck else { return nil }
            let forAnon = policy.roles.contains(.anon) || policy.roles.contains(.public)
            let clause = openUsing && openCheck ? "USING and WITH CHECK are" : openUsing ? "USING is" : "WITH CHECK is"
            return LintFinding(
                rule: .rlsPolicyAlwaysTrue, level: forAnon ? .error : .warning, object: "\(policy.table).\(policy.name)",
                message:
                    "Policy \(policy.name) on \(policy.table) (FOR \(command.rawValue), TO \(policy.roles.map(\.displayName).joined(separator: ", "))): "
                    + "\(clause) always true, so \(forAnon ? "anyone with the anon key" : "every signed-in user") may "
                    + "\(openUsing ? "change or delete every row" : "write rows with any values"). Write the condition each row must meet "
                    + "(an owner check, a status), or route the write through a server function."
            )
        }
    }

    /// `true`, `(true)`, `1 = 1`, as the server prints them.
    static func isAlwaysTrue(_ expression: String?) -> Bool {
        guard let expression else { return false }
        var text = expression.lowercased().filter { !$0.isWhitespace }
        while text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
        return text == "true" || text == "1=1"
    }
}
