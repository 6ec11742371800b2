import RLSModel

extension [OwnerPath.Hop] {
    /// The `exists` that walks these hops from a row of `table` to the row at the end and applies
    /// `test` to a column there: the one writer for owner-through and members-through filters.
    ///
    ///     exists (
    ///         select 1
    ///         from "public"."listing" as "owner_hop_1"
    ///         where "owner_hop_1"."id" = "saved"."listing_id"
    ///           and "owner_hop_1"."seller_id" = (select auth.uid())
    ///       )
    func existsCondition(from table: Table, aliasPrefix: String, endColumn: String, test: (String) -> String) -> String {
        guard let first else { return test(quoteIdentifier(endColumn)) }
        let alias = { (step: Int) in quoteIdentifier("\(aliasPrefix)_\(step)") }
        var lines = ["exists (", "    select 1", "    from \(first.parent.sql) as \(alias(1))"]
        for (offset, hop) in dropFirst().enumerated() {
            let step = offset + 2
            lines.append(
                "    join \(hop.parent.sql) as \(alias(step))"
                    + " on \(alias(step)).\(quoteIdentifier(hop.parentColumn)) = \(alias(step - 1)).\(quoteIdentifier(hop.column))")
        }
        lines.append(
            "    where \(alias(1)).\(quoteIdentifier(first.parentColumn))"
                + " = \(quoteIdentifier(table.name)).\(quoteIdentifier(first.column))")
        lines.append("      and " + test("\(alias(count)).\(quoteIdentifier(endColumn))"))
        lines.append("  )")
        return lines.joined(separator: "\n")
    }
}
