import Foundation
import RLSDatabase
import RLSModel
import RLSSQL

/// The rows a persona's policies let through, written out as a plain `where` condition that
/// `service_role` (which bypasses RLS) can run: the baseline RLS is compared against.
///
/// Permissive policies for the persona's role (or `public`) and the operation are OR'ed,
/// restrictive ones AND'ed, as PostgreSQL combines them; `auth.uid()`, `auth.role()`,
/// `auth.email()` and `auth.jwt()` are replaced by the persona's values. A table without row
/// level security gives `true`; one whose policies admit nobody gives `false`.
enum HandWrittenFilter {
    static func of(
        _ table: Table, _ operation: PolicyCostReport.Operation, for persona: Persona, on connection: Connection
    ) throws -> String {
        let security = try connection.query(
            "select relrowsecurity as enabled from pg_catalog.pg_class where oid = $1::regclass", [table.qualifiedName.sql])
        guard try security.rows.first?.bool("enabled") == true else { return "true" }
        let policies = try connection.query(
            """
            select permissive = 'PERMISSIVE' as permissive, coalesce(qual, 'true') as qual
            from pg_catalog.pg_policies
            where schemaname = $1 and tablename = $2 and cmd in ($3, 'ALL') and roles && array[$4, 'public']::name[]
            order by policyname
            """, [table.schema, table.name, operation.rawValue, persona.role])
        var permissive: [String] = []
        var restrictive: [String] = []
        for row in policies.rows {
            let condition = "(\(substitute(try row.string("qual"), persona)))"
            if try row.bool("permissive") { permissive.append(condition) } else { restrictive.append(condition) }
        }
        guard !permissive.isEmpty else { return "false" }
        if restrictive.isEmpty, permissive.contains("(true)") { return "true" }
        return ([("(" + permissive.joined(separator: " or ") + ")")] + restrictive).joined(separator: " and ")
    }

    /// The policy expression with each auth function replaced by the persona's value.
    static func substitute(_ expression: String, _ persona: Persona) -> String {
        var user: String { if case .user(let user) = persona { return quoteLiteral(user.id) + "::uuid" } else { return "null::uuid" } }
        var email: String { if case .user(let user) = persona { return quoteLiteral(user.email) } else { return "null::text" } }
        return
            expression
            .replacingOccurrences(of: "auth.uid()", with: user)
            .replacingOccurrences(of: "auth.role()", with: quoteLiteral(persona.role) + "::text")
            .replacingOccurrences(of: "auth.email()", with: email)
            .replacingOccurrences(of: "auth.jwt()", with: quoteLiteral(Impersonation.claims(for: persona)) + "::jsonb")
    }
}
