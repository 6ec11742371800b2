import RLSModel

extension OwnerPath {
    /// The row filter: `"owner_id" = (select auth.uid())`, or an `exists` over the hops.
    ///
    /// `(select auth.uid())` lets Postgres evaluate the user id once per statement
    /// instead of once per row.
    public func condition(for table: Table) -> String {
        let currentUser = "(select auth.uid())"
        guard let first = hops.first else {
            return "\(quoteIdentifier(ownerColumn)) = \(currentUser)"
        }
        let alias = { (step: Int) in quoteIdentifier("owner_hop_\(step)") }
        var lines = ["exists (", "    select 1", "    from \(first.parent.sql) as \(alias(1))"]
        for (offset, hop) in hops.dropFirst().enumerated() {
            let step = offset + 2
            lines.append("    join \(hop.parent.sql) as \(alias(step))"
                + " on \(alias(step)).\(quoteIdentifier(hop.parentColumn)) = \(alias(step - 1)).\(quoteIdentifier(hop.column))")
        }
        lines.append("    where \(alias(1)).\(quoteIdentifier(first.parentColumn))"
            + " = \(quoteIdentifier(table.name)).\(quoteIdentifier(first.column))")
        lines.append("      and \(alias(hops.count)).\(quoteIdentifier(ownerColumn)) = \(currentUser)")
        lines.append("  )")
        return lines.joined(separator: "\n")
    }
}
