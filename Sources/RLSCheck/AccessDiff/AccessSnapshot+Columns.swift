import RLSDatabase
import RLSModel

extension AccessSnapshot {
    /// The API roles whose column privileges an access diff compares.
    static let columnCallers = [Role.anon.name, Role.authenticated.name]
    /// The actions whose privileges PostgreSQL grants per column and the DSL narrows
    /// (`.insertable(only:)`, `.updatable(only:)`).
    static let columnActions = ["INSERT", "UPDATE"]

    /// Reads from the catalog which columns of the schema's tables `anon` and `authenticated` may
    /// insert and update (a table-wide grant covers every column, also ones added later), in
    /// column order. Unlike the probes this needs no fixture rows, so it covers tables whose columns
    /// differ from the schema's too. Columns the check already probes one by one (outside
    /// `.updatable(only:)`) are left to the probes.
    mutating func readWritableColumns(of schema: Schema, on connection: Connection) throws {
        let rows = try connection.query(
            """
            select t.schema, t.name, r.role, p.action, array_agg(a.attname::text order by a.attnum) as columns
            from unnest($1::text[], $2::text[]) as t(schema, name)
            join pg_namespace n on n.nspname = t.schema
            join pg_class c on c.relnamespace = n.oid and c.relname = t.name and c.relkind in ('r', 'p')
            join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            cross join unnest($3::text[]) as r(role)
            cross join unnest($4::text[]) as p(action)
            where exists (select 1 from pg_roles where rolname = r.role)
              and has_column_privilege(r.role, c.oid, a.attnum, p.action)
            group by 1, 2, 3, 4
            """, [schema.tables.map(\.schema), schema.tables.map(\.name), Self.columnCallers, Self.columnActions]
        ).rows
        for row in rows {
            let table = TableName(schema: try row.string("schema"), name: try row.string("name"))
            let action = try row.string("action")
            let probed = Set(schema.table(table).map { Self.probedColumns(of: $0, action) } ?? [])
            let fact = AccessFact(object: table.description, table: table, caller: try row.string("role"), action: action)
            columns[fact] = try row.stringArray("columns").filter { !probed.contains($0) }
        }
    }

    /// The columns `rls check` probes one by one for `action`: under `.updatable(only:)`, every other one.
    static func probedColumns(of table: Table, _ action: String) -> [String] {
        guard action == "UPDATE", let allowed = table.updatableColumns else { return [] }
        return table.columns.map(\.name).filter { !allowed.contains($0) }
    }
}
