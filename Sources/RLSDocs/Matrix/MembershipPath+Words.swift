import RLSModel

extension MembershipPath {
    /// Who this path lets in, in the words of the table sentences: `members of the dealership with
    /// role owner or admin` (the table is the group), `members of the row's dealership`, or `members
    /// of the dealership of the row's listing` (one hop away).
    func members(of table: Table) -> String {
        "members of \(whose(table))" + (roles.isEmpty ? "" : " with role \(roles.map(\.markdownText).joinedWithOr)")
    }

    /// Whether `table`'s rows are the groups themselves (`it`), not rows that belong to one.
    func isGroup(_ table: Table) -> Bool { membership.group == table.qualifiedName && hops.isEmpty }

    /// `the dealership`, `the row's dealership`, `the dealership of the row's listing`.
    func whose(_ table: Table) -> String {
        let group = membership.group.name.replacingOccurrences(of: "_", with: " ").markdownText
        if isGroup(table) { return "the \(group)" }
        return hops.first.map { "the \(group) of the row's \($0.parent.name.replacingOccurrences(of: "_", with: " ").markdownText)" }
            ?? "the row's \(group)"
    }
}
