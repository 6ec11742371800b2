import RLSSQL

extension Catalog.RoleMembership {
    /// `grant "authenticated" to "anon";`
    public var grantSQL: String { "grant \(quoteIdentifier(role)) to \(quoteIdentifier(member));" }

    /// `revoke "authenticated" from "anon";`
    public var revokeSQL: String { "revoke \(quoteIdentifier(role)) from \(quoteIdentifier(member));" }
}

extension Catalog.RoleDefaultPrivilege {
    /// `alter default privileges for role "postgres" in schema "public" revoke select on tables from "anon";`
    public var revokeSQL: String { statement("revoke", "from") }

    /// `alter default privileges for role "postgres" in schema "public" grant select on tables to "anon";`
    public var grantSQL: String { statement("grant", "to") }

    /// `select on tables for anon, from postgres in public`: for plan lines and findings.
    public var displayName: String {
        "default \(privilege.lowercased()) on new \(kindWord) for \(grantee == "public" ? "PUBLIC" : grantee), "
            + "from \(owner)\(schema.map { " in \($0)" } ?? " in every schema")"
    }

    private var kindWord: String {
        switch objectKind {
        case .table: "tables"
        case .sequence: "sequences"
        case .function: "functions"
        case .schema: "schemas"
        }
    }

    private func statement(_ verb: String, _ preposition: String) -> String {
        let scope = schema.map { " in schema \(quoteIdentifier($0))" } ?? ""
        let role = grantee == "public" ? "public" : quoteIdentifier(grantee)
        return
            "alter default privileges for role \(quoteIdentifier(owner))\(scope) \(verb) \(privilege.lowercased()) on \(kindWord) \(preposition) \(role);"
    }
}
