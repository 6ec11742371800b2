import RLSModel

extension Schema {
    /// The row filter a plan compiles to on `table`, as a policy's `using`/`with check` expression:
    /// `true` for every row, the owner, group-membership or app-role condition otherwise; nil for plans that create no
    /// policy (service role only, no access) or whose owner path does not resolve.
    ///
    /// The one home of that translation: table policies and channel policies both use it.
    public func rowCondition(_ plan: AccessPlan, on table: Table) -> String? {
        switch plan {
        case .owner, .ownerThrough:
            guard let path = try? ownerPath(of: table, plan: plan) else { return nil }
            return path.condition(for: table)
        case .appRole(let roles):
            // app_metadata only: the server sets it; user_metadata is the user's to edit.
            return "(((select auth.jwt()) -> 'app_metadata') ->> 'role') = any (array[\(roles.map(quoteLiteral).joined(separator: ", "))])"
        case .members:
            guard let path = try? membershipPath(of: table, plan: plan) else { return nil }
            return path.condition(for: table)
        case .public, .authenticated:
            return "true"
        case .serviceRoleOnly, .noAccess:
            return nil
        }
    }
}
