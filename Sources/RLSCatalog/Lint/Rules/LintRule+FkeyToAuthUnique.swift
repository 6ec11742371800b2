extension LintRule {
    /// `fkey-to-auth-unique` (error): a foreign key to a unique constraint of an `auth` table other
    /// than its primary key (`references auth.users(email)`). Supabase may change those constraints
    /// when it upgrades Auth, which the key then blocks or breaks.
    ///
    ///     foreign key (user_id) references auth.users (id)
    public static let fkeyToAuthUnique = LintRule(
        id: .fkeyToAuthUnique, summary: "A foreign key references an auth table by a column other than its id.",
        splinter: ["0021_fkey_to_auth_unique"]
    ) { catalog in
        catalog.tables.flatMap { table in
            table.constraints.filter { constraint in
                constraint.kind == .foreignKey && constraint.referencedTable?.schema == "auth" && constraint.referencedColumns != ["id"]
                    && !constraint.referencedColumns.isEmpty
            }.map { constraint in
                LintFinding(
                    rule: .fkeyToAuthUnique, level: .error, object: "\(table.name).\(constraint.name)",
                    message: "Foreign key \(constraint.name) on \(table.name) references \(constraint.referencedTable!)"
                        + "(\(constraint.referencedColumns.joined(separator: ", "))), a unique constraint Supabase Auth owns and may "
                        + "change in an upgrade. Reference the table's id instead."
                )
            }
        }
    }
}
