import RLSCatalog
import RLSModel
import RLSSQL

/// The access plan a policy written in the dashboard or by hand means, when it has one of
/// Supabase's common shapes: `using (true)` for anon or authenticated, `auth.uid() = user_id`
/// (bare or as `(select auth.uid())`), ownership through a parent row in an `exists`.
///
/// `rls pull` keeps such policies exactly as written (so the baseline matches production) and
/// says in a comment which plan would replace them: a tightening edit `rls diff` turns into a migration.
enum PolicyShape {
    /// The plan `policy` means on `table` for its command, or nil when it is not a common shape.
    static func plan(of policy: Catalog.Policy, on table: Catalog.Table) -> AccessPlan? {
        guard policy.permissive, policy.command != .all || policy.using == policy.withCheck || policy.withCheck == nil else { return nil }
        let expression = policy.command == .insert ? policy.withCheck : policy.using
        guard let expression else { return nil }
        if policy.command == .update, let check = policy.withCheck, check != expression { return nil }
        let roles = Set(policy.roles)
        if expression == "true" {
            if roles == [.authenticated] { return .authenticated }
            if roles == Set(Role.clientRoles) || roles == [.public] { return .public }
            return nil
        }
        guard roles == [.authenticated] || roles == [.public] else { return nil }
        if let column = ownerColumn(expression), table.column(column)?.type == "uuid" { return .owner(column: column) }
        if let column = parentColumn(expression, table: table) { return .owner(through: column) }
        return nil
    }

    private static let currentUser = ["auth.uid()", "( SELECT auth.uid() AS uid)"]

    /// `(auth.uid() = user_id)`, `(user_id = ( SELECT auth.uid() AS uid))` → `user_id`.
    static func ownerColumn(_ expression: String) -> String? {
        guard expression.hasPrefix("("), expression.hasSuffix(")") else { return nil }
        let inside = expression.dropFirst().dropLast()
        for user in currentUser {
            for (prefix, suffix) in [("\(user) = ", ""), ("", " = \(user)")]
            where inside.hasPrefix(prefix) && inside.hasSuffix(suffix) {
                let column = inside.dropFirst(prefix.count).dropLast(suffix.count)
                if let (name, rest) = SQLIdentifiers.identifier(column), rest.isEmpty { return name }
            }
        }
        return nil
    }

    /// `(EXISTS ( SELECT 1 FROM public.parent p WHERE ((p.id = child.parent_id) AND (p.owner_id = auth.uid()))))`
    /// → the foreign-key column that reaches the parent the `exists` reads, when it names the current user.
    static func parentColumn(_ expression: String, table: Catalog.Table) -> String? {
        guard expression.hasPrefix("(EXISTS ( SELECT "), currentUser.contains(where: expression.contains) else { return nil }
        for constraint in table.constraints where constraint.kind == .foreignKey {
            guard let parent = constraint.referencedTable,
                expression.contains(" FROM \(parent.schema).\(parent.name) ")
            else { continue }
            guard let open = constraint.definition.firstIndex(of: "("),
                let (inside, _) = SQLText.parenthesized(constraint.definition[open...]),
                let columns = SQLIdentifiers.list(inside), columns.count == 1,
                expression.contains(columns[0])
            else { continue }
            return columns[0]
        }
        return nil
    }
}
