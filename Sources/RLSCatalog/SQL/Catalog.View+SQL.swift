import RLSSQL

extension Catalog.View {
    /// `CREATE [OR REPLACE] VIEW "s"."v" WITH (…) AS SELECT …;` (a materialized view `WITH NO DATA`
    /// when it holds none), its comment and a materialized view's indexes.
    func createSQL(replace: Bool) -> String {
        let with = options.isEmpty ? "" : " WITH (\(options.joined(separator: ", ")))"
        let orReplace = replace && !isMaterialized ? "OR REPLACE " : ""
        var sql = "CREATE \(orReplace)\(keyword) \(name.sql)\(with) AS\n\(query)\(isPopulated ? "" : "\nWITH NO DATA");"
        if let comment { sql += "\n" + commentSQL(on: "\(keyword) \(name.sql)", comment) }
        for index in indexes { sql += "\n" + index.definition + ";" }
        return sql
    }

    /// `DROP VIEW "s"."v";`
    var dropSQL: String { "DROP \(keyword) \(name.sql);" }

    /// `DROP INDEX "s"."i";` for one of a materialized view's indexes.
    func dropIndexSQL(_ index: Catalog.Index) -> String {
        "DROP INDEX \(RLSSQL.qualifiedName(schema: name.schema, name: index.name));"
    }

    /// `REFRESH MATERIALIZED VIEW "s"."v" [WITH NO DATA];`: fills it, or empties it.
    var refreshSQL: String { "REFRESH MATERIALIZED VIEW \(name.sql)\(isPopulated ? "" : " WITH NO DATA");" }
}
