import RLSDatabase

/// Everything a check must leave untouched: each table's row count and content hash (the API
/// schemas and `auth`), sequence positions, and a hash of the catalog (classes, ACLs, RLS switches,
/// policies, functions, triggers).
struct DatabaseFingerprint: Equatable, CustomStringConvertible {
    var rowCounts: [String: Int] = [:]
    var contentHashes: [String: String] = [:]
    var sequences: [String: String] = [:]
    var catalog: String = ""

    static func read(_ connection: Connection) throws -> DatabaseFingerprint {
        var print = DatabaseFingerprint()
        let tables = try connection.query(
            """
            select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.relkind = 'r' and n.nspname in ('public', 'auth') order by 1
            """
        ).rows.map { try $0.string("name") }
        for table in tables {
            let row = try connection.query(
                "select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from \(table) t"
            ).rows[0]
            print.rowCounts[table] = try row.int("n")
            print.contentHashes[table] = try row.string("h")
        }
        for row in try connection.query(
            "select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value::text, 'unused') as v from pg_sequences")
        {
            print.sequences[try row.string("name")] = try row.string("v")
        }
        print.catalog = try connection.query(
            """
            select md5(concat_ws('#',
              (select string_agg(format('%s %s %s %s %s', n.nspname, c.relname, c.relkind, c.relacl, c.relrowsecurity), ',' order by n.nspname, c.relname)
               from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'auth')),
              (select string_agg(format('%s', p), ',' order by p::text) from pg_policies p),
              (select string_agg(format('%s %s %s', p.proname, p.prosrc, p.proacl), ',' order by p.proname, p.prosrc)
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'auth')),
              (select string_agg(t.tgname, ',' order by t.tgname) from pg_trigger t),
              (select string_agg(format('%s %s', r.rolname, r.rolconfig), ',' order by r.rolname) from pg_roles r)
            )) as h
            """
        ).rows[0].string("h")
        return print
    }

    var description: String {
        "rows \(rowCounts.sorted { $0.key < $1.key }), sequences \(sequences.sorted { $0.key < $1.key }), catalog \(catalog)"
    }
}
