extension Catalog {
    /// The table column a policy's `qualifier.column` names: the policy's own table when the name is
    /// unqualified or qualified with that table's name and it has the column, otherwise the one
    /// relation among the policy's dependencies (an `EXISTS` subquery's table) holding that column.
    func ownerColumn(_ compared: (qualifier: String?, column: String), in policy: Policy) -> ColumnReference? {
        let own = table(policy.table)
        if compared.qualifier == nil || compared.qualifier == policy.table.name, own?.column(compared.column) != nil {
            return ColumnReference(relation: policy.table, column: compared.column)
        }
        let candidates = Set(policy.dependencies.filter { $0.column == compared.column && $0.relation != policy.table })
        return candidates.count == 1 ? candidates.first : nil
    }
}
