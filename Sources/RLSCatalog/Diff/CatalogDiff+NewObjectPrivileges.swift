import RLSModel
import RLSSQL

extension CatalogDiff {
    /// PUBLIC and the roles Supabase's API serves through: what a new object grants them by default
    /// is revoked outright, whatever the target's default privileges, before the declared grants.
    static let apiRoles = ([Role.public] + Role.apiRoles).map(\.name)

    /// One `revoke all … from public, anon, authenticated, service_role;` per object the plan creates
    /// (or drops and creates again): tables, views, materialized views, sequences and functions.
    ///
    /// The plan is computed against a throwaway database whose default privileges may differ from
    /// the database a migration later runs on (older Supabase projects grant ALL on new objects in
    /// `public` to the API roles). Revoking first, then granting exactly what is declared, gives the
    /// same privileges on either, as `rls sql` does:
    ///
    ///     revoke all on table "public"."note" from public, "anon", "authenticated", "service_role";
    ///     grant select on table "public"."note" to "authenticated";
    func newObjectRevokes(rebuiltFunctions: Set<String>) -> [Change] {
        var targets: [(name: String, object: PrivilegeObject)] = []
        for table in createdTables.sorted() {
            targets.append(("\(table)", .table(table)))
        }
        let currentViews = Set(current.views.map(\.name))
        for view in desired.views where !currentViews.contains(view.name) || rebuiltViews.contains(view.name) {
            targets.append(("\(view.name)", .table(view.name)))
        }
        for sequence in Set(desired.sequences).subtracting(current.sequences).sorted() {
            targets.append(("\(sequence)", .sequence(sequence)))
        }
        let currentFunctions = Set(current.functions.map(\.signature))
        for function in desired.functions
        where !currentFunctions.contains(function.signature) || rebuiltFunctions.contains(function.signature) {
            targets.append(
                (
                    function.signature,
                    function.isProcedure ? .procedure(signature: function.sqlSignature) : .function(signature: function.sqlSignature)
                ))
        }
        let grantees = Self.apiRoles.joined(separator: ", ")
        return targets.map { target in
            Change(
                kind: .revoke, object: .privilege, name: "ALL on \(target.name) to \(grantees)",
                sql: revokeStatement(["all"], on: target.object, from: Self.apiRoles.map(Role.init)))
        }
    }
}
