extension View {
    /// The exact grants on the view, in place of `select` for `readableBy` and service_role: for an
    /// existing view that, say, the legacy default privileges handed to every API role.
    ///
    /// ```swift
    /// View("summary", securityInvoker: false, query: SQL(raw: "select ..."))
    ///     .grants([.anon: Privilege.allTable, .authenticated: Privilege.allTable])
    /// ```
    public func grants(_ grants: [Role: [Privilege]]) -> View {
        var copy = self
        copy.grants = grants.mapValues(Set.init)
        return copy
    }
}
