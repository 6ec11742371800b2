import RLSCatalog
import RLSModel
import RLSSQL

/// An index as the DSL declares it, read from `pg_get_indexdef`:
/// `CREATE [UNIQUE] INDEX name ON schema.table USING method (a, b) [WHERE (predicate)]`.
enum IndexDefinition {
    /// The DSL form (``Index/init(expression:unique:name:using:where:fileID:line:)`` for anything but
    /// plain columns), or nil when the DSL cannot say it (`INCLUDE`, storage parameters).
    static func read(_ index: Catalog.Index, table: String) -> Index? {
        var text = Substring(index.definition)
        let unique = text.hasPrefix("CREATE UNIQUE INDEX ")
        text = text.dropFirst(unique ? 20 : 13)
        guard let (name, afterName) = SQLIdentifiers.identifier(text), name == index.name,
            afterName.hasPrefix(" ON "),
            let (_, _, afterTable) = SQLIdentifiers.qualified(afterName.dropFirst(4)),
            afterTable.hasPrefix(" USING ")
        else { return nil }
        let afterUsing = afterTable.dropFirst(7)
        let method = afterUsing.prefix { $0 != " " }
        guard let (inside, rest) = SQLText.parenthesized(afterUsing.dropFirst(method.count + 1)) else { return nil }
        var predicate: SQL?
        if rest.hasPrefix(" WHERE ") {
            predicate = SQL(raw: String(rest.dropFirst(7)))
        } else if !rest.isEmpty {
            return nil
        }
        let using = method == "btree" ? nil : String(method)
        guard let columns = SQLIdentifiers.list(inside) else {
            return Index(
                expression: SQL(raw: String(inside)), unique: unique, name: index.name, using: using,
                where: predicate, fileID: "rls pull", line: 0)
        }
        let defaultName = "\(table)_\(columns.joined(separator: "_"))_idx"
        return Index(
            columns, unique: unique, name: index.name == defaultName ? nil : index.name,
            using: using, where: predicate,
            source: DeclarationSite(fileID: "rls pull", line: 0))
    }
}
