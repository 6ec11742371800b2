/// Orders tables so that each comes after the tables its foreign keys reference.
///
/// Ties break by name, so the order is deterministic; tables in a reference cycle keep name order
/// (their cross references are added by `ALTER TABLE` once all of them exist).
enum TableOrder {
    /// `tables` sorted referenced-first.
    static func referencedFirst(_ tables: [Catalog.Table]) -> [Catalog.Table] {
        let names = Set(tables.map(\.name))
        var remaining = tables.sorted { $0.name < $1.name }
        var placed: Set<QualifiedName> = []
        var ordered: [Catalog.Table] = []
        while !remaining.isEmpty {
            let readyIndex = remaining.firstIndex { table in
                table.referencedTables.allSatisfy { !names.contains($0) || placed.contains($0) }
            } ?? 0
            let table = remaining.remove(at: readyIndex)
            placed.insert(table.name)
            ordered.append(table)
        }
        return ordered
    }
}
