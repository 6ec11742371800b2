import RLSModel

/// What a `grant` or `revoke` is on.
public enum PrivilegeObject: Sendable, Hashable {
    /// A table, view or materialized view: `table "public"."listing"`.
    case table(QualifiedName)
    /// A sequence: `sequence "public"."listing_id_seq"`.
    case sequence(QualifiedName)
    /// A function by its quoted signature: `function "public"."is_admin"(uuid)`.
    case function(signature: String)
    /// A procedure by its quoted signature: `procedure "public"."archive"(integer)`. Postgres refuses
    /// `on function` for a procedure (42809 "... is not a function").
    case procedure(signature: String)
    /// A schema: `schema "app"`.
    case schema(String)
    /// A type: `type "app"."status"`.
    case type(QualifiedName)

    /// The object as a `grant ... on` names it.
    public var sql: String {
        switch self {
        case .table(let name): "table \(name.sql)"
        case .sequence(let name): "sequence \(name.sql)"
        case .function(let signature): "function \(signature)"
        case .procedure(let signature): "procedure \(signature)"
        case .schema(let name): "schema \(quoteIdentifier(name))"
        case .type(let name): "type \(name.sql)"
        }
    }
}

// The one writer of `grant` and `revoke` on objects: rendering, the change plan and the catalog's
// privilege changes all write through these two functions.

/// `grant select, insert ("a", "b") on table "public"."listing" to "anon", "authenticated";`
///
/// Privileges are written in lower case, each followed by `columns` when there are any; roles are
/// written in the order given (`public` as the keyword).
///
/// ```swift
/// grantStatement(["select"], on: .table("public.listing"), to: [.anon])
/// // grant select on table "public"."listing" to "anon";
/// ```
public func grantStatement(
    _ privileges: [String], columns: [String] = [], on object: PrivilegeObject, to roles: [Role],
    withGrantOption: Bool = false
) -> String {
    "grant \(privilegeList(privileges, columns)) on \(object.sql) to \(roles.map(\.sql).joined(separator: ", "))"
        + (withGrantOption ? " with grant option;" : ";")
}

/// `revoke all on table "public"."listing" from "anon", "authenticated", "service_role";`
///
/// ```swift
/// revokeStatement(["all"], on: .function(signature: #""public"."f"()"#), from: [.public] + Role.apiRoles)
/// // revoke all on function "public"."f"() from public, "anon", "authenticated", "service_role";
/// ```
///
/// With `grantOptionOnly`, the roles keep the privileges and lose only the right to grant them:
/// `revoke grant option for usage on schema "app" from "authenticated";`.
public func revokeStatement(
    _ privileges: [String], columns: [String] = [], on object: PrivilegeObject, from roles: [Role], grantOptionOnly: Bool = false
) -> String {
    "revoke \(grantOptionOnly ? "grant option for " : "")\(privilegeList(privileges, columns)) on \(object.sql) "
        + "from \(roles.map(\.sql).joined(separator: ", "));"
}

/// `select, insert` or, with columns, `select ("a"), insert ("a")`.
private func privilegeList(_ privileges: [String], _ columns: [String]) -> String {
    let columnList = columns.isEmpty ? "" : " (\(columns.quotedList))"
    return privileges.map { $0.lowercased() + columnList }.joined(separator: ", ")
}

/// `grant select, insert on table ... to "authenticated";`, roles with the same privileges grouped
/// into one statement, in a fixed order (roles and privileges sorted); the privileges a role holds
/// with grant option (`options`) follow in statements of their own, `with grant option`.
func grantStatements(
    _ privileges: [Role: Set<Privilege>], on object: PrivilegeObject, withGrantOption options: [Role: Set<Privilege>] = [:]
) -> [String] {
    var statements: [String] = []
    for grantable in [false, true] {
        var groups: [(privileges: [Privilege], roles: [Role])] = []
        for role in privileges.keys.sorted() {
            let held = privileges[role]!.filter { (options[role]?.contains($0) ?? false) == grantable }.sorted()
            guard !held.isEmpty else { continue }
            if let index = groups.firstIndex(where: { $0.privileges == held }) {
                groups[index].roles.append(role)
            } else {
                groups.append((held, [role]))
            }
        }
        statements += groups.map {
            grantStatement($0.privileges.map(\.rawValue), on: object, to: $0.roles, withGrantOption: grantable)
        }
    }
    return statements
}
