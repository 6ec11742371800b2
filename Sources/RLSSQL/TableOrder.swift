import RLSModel

/// Tables in ``RLSModel/Schema/tablesInDependencyOrder``, with each foreign key sorted into those
/// that can be written inline (their table exists by then) and those that close a reference cycle,
/// to be added with `alter table` once every table exists.
struct TableOrder {
    var tables: [Table]
    var deferredForeignKeys: [(Table, ForeignKey)] = []
    var inlineForeignKeys: [TableName: [ForeignKey]] = [:]

    init(_ schema: Schema) {
        tables = schema.tablesInDependencyOrder
        var created = Set<TableName>()
        let declared = Set(tables.map(\.qualifiedName))
        for table in tables {
            for key in table.foreignKeys {
                let available =
                    key.referencedTable == table.qualifiedName || created.contains(key.referencedTable)
                    || !declared.contains(key.referencedTable)
                if available {
                    inlineForeignKeys[table.qualifiedName, default: []].append(key)
                } else {
                    deferredForeignKeys.append((table, key))
                }
            }
            created.insert(table.qualifiedName)
        }
    }
}
