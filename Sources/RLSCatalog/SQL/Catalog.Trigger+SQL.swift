import RLSSQL

extension Catalog.Trigger {
    /// `table.trigger`, as a plan names it.
    var displayName: String { "\(table).\(name)" }

    /// The trigger's definition as a statement, `CREATE OR REPLACE TRIGGER` when `replace`, plus its
    /// `DISABLE TRIGGER` when it is disabled.
    func createSQL(replace: Bool) -> String {
        var sql = definition + ";"
        if replace, sql.hasPrefix("CREATE TRIGGER") {
            sql = "CREATE OR REPLACE TRIGGER" + sql.dropFirst("CREATE TRIGGER".count)
        }
        if !enabled { sql += "\nALTER TABLE \(table.sql) DISABLE TRIGGER \(quoteIdentifier(name));" }
        return sql
    }

    /// `DROP TRIGGER "name" ON "s"."t";`
    var dropSQL: String { "DROP TRIGGER \(quoteIdentifier(name)) ON \(table.sql);" }
}
