import RLSModel
import RLSSQL

extension LintRule {
    /// `api-grant-without-rls` (error): anon, authenticated or PUBLIC hold privileges on a table
    /// whose row-level security is off, so the API reads (or writes) every row right now.
    ///
    ///     revoke all on table "public"."note" from "anon", "authenticated";
    public static let apiGrantWithoutRLS = LintRule(
        id: .apiGrantWithoutRLS,
        summary: "anon, authenticated or PUBLIC hold privileges on a table whose RLS is off.", splinter: ["0013_rls_disabled_in_public"]
    ) { catalog in
        // In exposed schemas table-without-rls (or policy-without-rls) reports the same table.
        let exposed = catalog.exposedSchemas
        return catalog.tables.filter {
            !$0.rowSecurity && !exposed.contains($0.name.schema) && catalog.policies(on: $0.name).isEmpty
                && !catalog.isQueueTable($0.name)
        }.compactMap { table -> LintFinding? in
            let privileges = catalog.apiPrivileges(on: table.name)
            guard !privileges.isEmpty else { return nil }
            let grantees = privileges.keys.sorted(by: Role.byName)
            let held = grantees.map { "\($0): \(privileges[$0]!.map(\.catalogName).joined(separator: ", "))" }
            return LintFinding(
                rule: .apiGrantWithoutRLS, level: .error, object: table.name.description,
                message: "\(table.name) has RLS off but the API roles hold privileges on it (\(held.joined(separator: "; "))): "
                    + "through the API they reach every row. Enable RLS with policies, or revoke the grants.",
                fix:
                    "alter table \(table.name.sql) enable row level security;  -- or: revoke all on table \(table.name.sql) from \(Catalog.roleList(grantees));"
            )
        }
    }
}
