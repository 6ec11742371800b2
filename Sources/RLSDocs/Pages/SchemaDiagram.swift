import RLSModel

/// A Mermaid `erDiagram` of the tables, their references, and the column that carries each
/// table's ownership. Only key, reference and owner columns are drawn, to keep it readable.
///
/// ```mermaid
/// erDiagram
///     profiles ||--o{ saved : "profile_id"
///     saved {
///         uuid profile_id PK, FK "owner"
///     }
/// ```
struct SchemaDiagram {
    let matrix: AccessMatrix

    var mermaid: [String] {
        let schema = matrix.schema
        var lines = ["```mermaid", "erDiagram"]
        var referencedOutside: [TableName] = []
        for table in schema.tables {
            for key in table.foreignKeys {
                if schema.table(key.referencedTable) == nil && !referencedOutside.contains(key.referencedTable) {
                    referencedOutside.append(key.referencedTable)
                }
                let single = table.primaryKey?.columns == key.columns || table.uniques.contains { $0.columns == key.columns }
                let optional = key.columns.contains { table.column($0)?.isNullable == true }
                let relation = (optional ? "|o" : "||") + "--" + (single ? "o|" : "o{")
                lines.append(
                    "    \(entity(key.referencedTable)) \(relation) \(entity(table.qualifiedName))"
                        + " : \"\(label(key.columns.joined(separator: ", ")))\"")
            }
        }
        for name in referencedOutside {
            lines += ["    \(entity(name)) {", "        uuid id PK", "    }"]
        }
        for table in schema.tables {
            var attributes: [String] = []
            let owner = matrix.ownerPath(of: table)
            for column in table.columns {
                var keys: [String] = []
                if table.primaryKey?.columns.contains(column.name) == true { keys.append("PK") }
                if table.foreignKeys.contains(where: { $0.columns.contains(column.name) }) { keys.append("FK") }
                let isOwner = owner?.ownershipColumn == column.name
                guard !keys.isEmpty || isOwner else { continue }
                var line = "        \(typeName(column.type)) \(plain(column.name))"
                if !keys.isEmpty { line += " " + keys.joined(separator: ", ") }
                if isOwner, let owner {
                    line += owner.hops.isEmpty ? " \"owner\"" : " \"owner through \(label(owner.hops[0].parent.name))\""
                }
                attributes.append(line)
            }
            let name = entity(table.qualifiedName)
            lines += attributes.isEmpty ? ["    \(name)"] : ["    \(name) {"] + attributes + ["    }"]
        }
        return lines + ["```"]
    }

    /// `saved` for `public`, `auth_users` elsewhere: Mermaid entity names are plain words.
    private func entity(_ name: TableName) -> String {
        plain(name.schema == "public" ? name.name : "\(name.schema)_\(name.name)")
    }

    /// `numeric(5, 1)` → `numeric`, `text[]` → `text_array`: Mermaid attribute types are plain words.
    private func typeName(_ type: ColumnType) -> String {
        switch type {
        case .array(let element): typeName(element) + "_array"
        case .numeric: "numeric"
        case .varchar: "varchar"
        case .enumeration(let name): plain(name.name)
        default: plain(type.description)
        }
    }

    /// Text for a quoted Mermaid label: one line, no `"`, no backtick that could end the fence.
    private func label(_ text: String) -> String {
        text.escapedForDisplay(doublingBackslashes: false).replacing("\"", with: "'").replacing("`", with: "'")
    }

    private func plain(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
}
