import RLSModel

extension Schema {
    /// The row filter a plan compiles to on `table`, as a policy's `using`/`with check` expression:
    /// `true` for every row, the owner condition for owner plans; nil for plans that create no
    /// policy (service role only, no access) or whose owner path does not resolve.
    ///
    /// The one home of that translation: table policies and channel policies both use it.
    public func rowCondition(_ plan: AccessPlan, on table: Table) -> String? {
        switch plan {
        case .owner, .ownerThrough:
            guard let path = try? ownerPath(of: table, plan: plan) else { return nil }
            return path.condition(for: table)
        case .public, .authenticated:
            return "true"
        case .serviceRoleOnly, .noAccess:
            return nil
        }
    }
}
