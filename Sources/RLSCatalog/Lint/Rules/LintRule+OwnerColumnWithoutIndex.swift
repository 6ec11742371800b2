import RLSSQL

extension LintRule {
    /// `owner-column-without-index` (warning): a policy compares a column with `auth.uid()` and no
    /// index leads with that column, so every filtered query reads the whole table.
    ///
    ///     create index on "public"."note" ("owner_id");
    public static let ownerColumnWithoutIndex = LintRule(
        id: .ownerColumnWithoutIndex,
        summary: "A column a policy compares with auth.uid() has no index leading with it."
    ) { catalog in
        var unindexed: [ColumnReference: Set<String>] = [:]
        for policy in catalog.policies {
            for text in [policy.using, policy.withCheck].compactMap({ $0 }) {
                for compared in PolicyExpression(text: text).columnsComparedWithUserID {
                    guard let owner = catalog.ownerColumn(compared, in: policy),
                        let table = catalog.table(owner.relation), let column = owner.column,
                        !table.indexLeadingColumns.contains(column)
                    else { continue }
                    unindexed[owner, default: []].insert(policy.name)
                }
            }
        }
        return unindexed.sorted { $0.key < $1.key }.map { owner, policies in
            let column = owner.column ?? ""
            return LintFinding(
                rule: .ownerColumnWithoutIndex, level: .warning, object: "\(owner.relation).\(column)",
                message: "Policies \(policies.sorted().joined(separator: ", ")) compare \(owner.relation).\(column) with auth.uid(), "
                    + "but no index leads with \(column): every request scans the whole table. Add an index on it.",
                fix: "create index on \(owner.relation.sql) (\(quoteIdentifier(column)));",
                dslFix: "Index(\"\(column)\") in Table(\"\(owner.relation.name)\") (owner-only plans add it themselves)"
            )
        }
    }
}
