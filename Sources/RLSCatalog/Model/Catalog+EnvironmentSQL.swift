import RLSModel
import RLSSQL

extension Catalog.RoleMembership {
    /// `grant "authenticated" to "anon";`
    public var grantSQL: String { "grant \(quoteIdentifier(role.name)) to \(quoteIdentifier(member.name));" }

    /// `revoke "authenticated" from "anon";`
    public var revokeSQL: String { "revoke \(quoteIdentifier(role.name)) from \(quoteIdentifier(member.name));" }
}

extension Catalog.RoleDefaultPrivilege {
    /// `alter default privileges for role "postgres" in schema "public" revoke select on tables from "anon";`
    public var revokeSQL: String {
        DefaultPrivilege(
            .revoke, DefaultPrivilege.Privilege(rawValue: privilege.rawValue).map { [$0] } ?? [],
            on: DefaultPrivilege.Objects(objectKind),
            in: schema, roles: [grantee], forRole: owner
        ).sql
    }

    /// `select on tables for anon, from postgres in public`: for plan lines and findings.
    public var displayName: String {
        "default \(privilege) on new \(DefaultPrivilege.Objects(objectKind).rawValue) for \(grantee.displayName), "
            + "from \(owner)\(schema.map { " in \($0)" } ?? " in every schema")"
    }
}
