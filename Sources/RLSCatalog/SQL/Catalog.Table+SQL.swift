import RLSSQL

extension Catalog.Table {
    /// `CREATE TABLE` with its columns and the constraints in `inline`, one per line.
    func createSQL(inline: [Catalog.Constraint]) -> String {
        let lines =
            columns.map(\.definitionSQL)
            + inline.map { "CONSTRAINT \(quoteIdentifier($0.name)) \($0.definition)" }
        return "CREATE TABLE \(name.sql) (\n    " + lines.joined(separator: ",\n    ") + "\n);"
    }

    /// `ALTER TABLE … ADD CONSTRAINT …;`
    func addConstraintSQL(_ constraint: Catalog.Constraint) -> String {
        "ALTER TABLE \(name.sql) ADD CONSTRAINT \(quoteIdentifier(constraint.name)) \(constraint.definition);"
    }

    /// `ALTER TABLE … DROP CONSTRAINT …;`
    func dropConstraintSQL(_ constraint: Catalog.Constraint) -> String {
        "ALTER TABLE \(name.sql) DROP CONSTRAINT \(quoteIdentifier(constraint.name));"
    }

    /// `DROP INDEX "schema"."index";`
    func dropIndexSQL(_ index: Catalog.Index) -> String {
        "DROP INDEX \(qualifiedName(schema: name.schema, name: index.name));"
    }

    /// `ALTER TABLE … ENABLE/DISABLE ROW LEVEL SECURITY;` plus `FORCE`/`NO FORCE` as set.
    func rowSecuritySQL(enable: Bool? = nil, force: Bool? = nil) -> String {
        var statements: [String] = []
        if let enable { statements.append("ALTER TABLE \(name.sql) \(enable ? "ENABLE" : "DISABLE") ROW LEVEL SECURITY;") }
        if let force { statements.append("ALTER TABLE \(name.sql) \(force ? "FORCE" : "NO FORCE") ROW LEVEL SECURITY;") }
        return statements.joined(separator: "\n")
    }
}
