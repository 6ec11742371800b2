import RLSModel

/// The schema's tables with every referenced table first, so fixture rows can point at their parents.
enum FixtureOrder {
    /// Parents first; declaration order breaks ties; a reference cycle is broken at the earliest table.
    static func tables(of schema: Schema) -> [Table] {
        var remaining = schema.tables
        var placed = Set<TableName>()
        var result: [Table] = []
        while !remaining.isEmpty {
            let ready = remaining.firstIndex { table in
                table.foreignKeys.allSatisfy { key in
                    key.referencedTable == table.qualifiedName || placed.contains(key.referencedTable)
                        || schema.table(key.referencedTable) == nil
                }
            } ?? 0
            let table = remaining.remove(at: ready)
            placed.insert(table.qualifiedName)
            result.append(table)
        }
        return result
    }
}
