import RLSSQL

extension Catalog.Policy {
    /// `table.policy name`, as a plan names it.
    var displayName: String { "\(table).\(name)" }

    /// `CREATE POLICY "name" ON "s"."t" AS PERMISSIVE FOR SELECT TO "anon" USING (…) WITH CHECK (…);`
    var createSQL: String {
        var sql = "CREATE POLICY \(quoteIdentifier(name)) ON \(table.sql)\n    AS \(permissive ? "PERMISSIVE" : "RESTRICTIVE")"
        sql += " FOR \(command.rawValue)\n    TO \(roles.map(roleSQL).joined(separator: ", "))"
        if let using { sql += "\n    USING (\(using))" }
        if let withCheck { sql += "\n    WITH CHECK (\(withCheck))" }
        sql += ";"
        if let comment { sql += "\n" + commentSQL(on: "POLICY \(quoteIdentifier(name)) ON \(table.sql)", comment) }
        return sql
    }

    /// `DROP POLICY "name" ON "s"."t";`
    var dropSQL: String { "DROP POLICY \(quoteIdentifier(name)) ON \(table.sql);" }
}

/// A role in a `TO`/`GRANT` list: `PUBLIC` is a keyword, any other role is quoted.
func roleSQL(_ role: String) -> String {
    role == "public" ? "PUBLIC" : quoteIdentifier(role)
}
