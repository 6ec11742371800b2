import RLSSQL

extension LintRule {
    /// `unindexed-foreign-keys` (info): a foreign key whose columns no index leads with, so deleting
    /// or updating a referenced row scans the referencing table, and joins along it are slow.
    /// Columns a policy compares with `auth.uid()` are `owner-column-without-index` instead.
    ///
    ///     create index on "public"."listing" ("brand_id");
    public static let unindexedForeignKeys = LintRule(
        id: .unindexedForeignKeys,
        summary: "A foreign key has no index leading with its columns.", splinter: ["0001_unindexed_foreign_keys"]
    ) { catalog in
        let owners = Set(LintRule.ownerColumnWithoutIndex.check(catalog).map(\.object))
        return catalog.tables.flatMap { table in
            let indexed = table.indexColumnLists
            return table.constraints.filter { $0.kind == .foreignKey }.compactMap { constraint -> LintFinding? in
                let columns = constraint.foreignKeyColumns
                guard !columns.isEmpty, !indexed.contains(where: { $0.starts(with: columns) }),
                    !(columns.count == 1 && owners.contains("\(table.name).\(columns[0])"))
                else { return nil }
                return LintFinding(
                    rule: .unindexedForeignKeys, level: .info, object: "\(table.name).\(constraint.name)",
                    message:
                        "Foreign key \(constraint.name) on \(table.name) (\(columns.joined(separator: ", "))) has no index leading with its "
                        + "columns: deleting a referenced row, and joins along it, scan the whole table.",
                    fix: "create index on \(table.name.sql) (\(columns.map(quoteIdentifier).joined(separator: ", ")));",
                    dslFix: "Index(\(columns.map { "\"\($0)\"" }.joined(separator: ", "))) in Table(\"\(table.name.name)\")"
                )
            }
        }
    }
}
