import RLSModel

/// Tables in an order where every referenced table comes first, declaration order
/// breaking ties; references that close a cycle are returned separately, to be
/// added with `alter table` once every table exists.
struct TableOrder {
    var tables: [Table] = []
    var deferredForeignKeys: [(Table, ForeignKey)] = []
    var inlineForeignKeys: [TableName: [ForeignKey]] = [:]

    init(_ schema: Schema) {
        var remaining = schema.tables
        var created = Set<TableName>()
        while !remaining.isEmpty {
            let ready = remaining.firstIndex { table in
                table.foreignKeys.allSatisfy { key in
                    key.referencedTable == table.qualifiedName || created.contains(key.referencedTable)
                        || schema.table(key.referencedTable) == nil
                }
            } ?? 0  // a cycle: take the earliest declared and defer what it cannot reference yet
            let table = remaining.remove(at: ready)
            for key in table.foreignKeys {
                let available = key.referencedTable == table.qualifiedName || created.contains(key.referencedTable)
                    || schema.table(key.referencedTable) == nil
                if available {
                    inlineForeignKeys[table.qualifiedName, default: []].append(key)
                } else {
                    deferredForeignKeys.append((table, key))
                }
            }
            created.insert(table.qualifiedName)
            tables.append(table)
        }
    }
}
