import RLSDatabase
import RLSModel

/// What the live database says about the probed tables: RLS switches, policies and privileges,
/// read in three queries, to name the grant or policy behind each mismatch.
struct PolicyCatalog: Sendable {
    var rlsEnabled: [TableName: Bool] = [:]
    var policies: [LivePolicy] = []
    /// Privileges held per table and API role.
    var privileges: [TableName: [String: Set<Operation>]] = [:]

    static func read(schemas: [String], on connection: Connection) throws -> PolicyCatalog {
        var catalog = PolicyCatalog()
        for row in try connection.query(
            """
            select n.nspname, c.relname, c.relrowsecurity, r.rolname,
                   has_table_privilege(r.oid, c.oid, 'SELECT') as s, has_table_privilege(r.oid, c.oid, 'INSERT') as i,
                   has_table_privilege(r.oid, c.oid, 'UPDATE') as u, has_table_privilege(r.oid, c.oid, 'DELETE') as d
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            cross join pg_roles r
            where c.relkind in ('r', 'p') and n.nspname = any($1::text[]) and r.rolname in ('anon', 'authenticated', 'service_role')
            """, [schemas])
        {
            let table = TableName(schema: try row.string("nspname"), name: try row.string("relname"))
            catalog.rlsEnabled[table] = try row.bool("relrowsecurity")
            var held = Set<Operation>()
            for (column, operation) in [("s", Operation.select), ("i", .insert), ("u", .update), ("d", .delete)] where try row.bool(column) {
                held.insert(operation)
            }
            catalog.privileges[table, default: [:]][try row.string("rolname")] = held
        }
        for row in try connection.query(
            """
            select schemaname, tablename, policyname, permissive = 'PERMISSIVE' as permissive, roles::text[] as roles, cmd, qual, with_check
            from pg_policies where schemaname = any($1::text[]) order by schemaname, tablename, policyname
            """, [schemas])
        {
            catalog.policies.append(LivePolicy(
                table: TableName(schema: try row.string("schemaname"), name: try row.string("tablename")),
                name: try row.string("policyname"), isPermissive: try row.bool("permissive"),
                roles: try row.stringArray("roles"), command: try row.string("cmd"),
                using: row["qual"], withCheck: row["with_check"]))
        }
        return catalog
    }
}
