import RLSModel

extension OwnerPath {
    /// Who owns a row, in words: "the signed-in user whose id is the row's `seller_id`", or, through a
    /// parent, "the signed-in user who owns the `listing` that `listing_id` points to (its `seller_id`)".
    public var owner: String {
        guard let first = hops.first else { return "the signed-in user whose id is the row's \(ownerColumn.markdownCode)" }
        let rest = hops.dropFirst().map { "\($0.column.markdownCode) → \($0.parent.name.markdownCode)" } + [ownerColumn.markdownCode]
        return "the signed-in user who owns the \(first.parent.name.markdownCode) that \(first.column.markdownCode) points to"
            + " (its \(rest.joined(separator: ", ")))"
    }

    /// The column of the table itself that carries ownership: the owner column, or the first hop's column.
    public var ownershipColumn: String { hops.first?.column ?? ownerColumn }
}
