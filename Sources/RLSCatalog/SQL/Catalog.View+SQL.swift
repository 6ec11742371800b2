extension Catalog.View {
    /// `CREATE [OR REPLACE] VIEW "s"."v" WITH (…) AS SELECT …;` and its comment.
    func createSQL(replace: Bool) -> String {
        let with = options.isEmpty ? "" : " WITH (\(options.joined(separator: ", ")))"
        let orReplace = replace && !isMaterialized ? "OR REPLACE " : ""
        var sql = "CREATE \(orReplace)\(keyword) \(name.sql)\(with) AS\n\(query);"
        if let comment { sql += "\n" + commentSQL(on: "\(keyword) \(name.sql)", comment) }
        return sql
    }

    /// `DROP VIEW "s"."v";`
    var dropSQL: String { "DROP \(keyword) \(name.sql);" }
}
