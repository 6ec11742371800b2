extension LintRule {
    /// `api-role-default-privileges` (warning): default privileges hand new objects to `anon`,
    /// `authenticated` or PUBLIC beyond Supabase's own (a global default, another schema, another
    /// owner, or part of a set): every table created later is reachable through the API before
    /// anyone writes a policy for it.
    ///
    ///     alter default privileges for role "postgres" in schema "public" revoke select on tables from "anon";
    public static let apiRoleDefaultPrivileges = LintRule(
        id: .apiRoleDefaultPrivileges, summary: "Default privileges hand new objects to anon, authenticated or PUBLIC."
    ) { catalog in
        let groups = Dictionary(grouping: catalog.environment.apiDefaultPrivileges) { "\($0.owner)|\($0.schema ?? "")|\($0.grantee)" }
        return groups.keys.sorted().map { key in
            let entries = groups[key]!.sorted()
            let first = entries[0]
            let grantee = first.grantee.displayName
            return LintFinding(
                rule: .apiRoleDefaultPrivileges, level: .warning,
                object: "default privileges of \(first.owner)\(first.schema.map { " in \($0)" } ?? "") for \(grantee)",
                message:
                    "New objects \(first.owner) creates\(first.schema.map { " in \($0)" } ?? " in any schema") are granted to \(grantee) "
                    + "(\(entries.map(\.displayName).joined(separator: "; "))): each is reachable through the API before a policy "
                    + "exists. Revoke the default and grant each object explicitly (rls plan shows it as drift).",
                fix: entries.map(\.revokeSQL).joined(separator: "\n")
            )
        }
    }
}
