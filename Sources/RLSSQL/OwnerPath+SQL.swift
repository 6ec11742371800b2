import RLSModel

extension OwnerPath {
    /// The row filter: `"owner_id" = (select auth.uid())`, or an `exists` over the hops.
    ///
    /// `(select auth.uid())` lets Postgres evaluate the user id once per statement
    /// instead of once per row.
    public func condition(for table: Table) -> String {
        hops.existsCondition(from: table, aliasPrefix: "owner_hop", endColumn: ownerColumn) { "\($0) = (select auth.uid())" }
    }
}
