import RLSDatabase
import Testing

/// Everything an apply may change, as one comparable value: the catalog of every non-system schema
/// (relations, columns, types and enum labels, functions, policies, triggers, grants) and the rows
/// of every table in them, the migration history included.
struct DatabaseState: Equatable {
    var catalog: String
    var rows: [String: String]

    static func read(_ connection: Connection) throws -> DatabaseState {
        let userSchemas = "n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname !~ '^pg_temp'"
        let catalog = try connection.query(
            """
            select concat_ws(E'\\n#\\n',
              (select string_agg(format('%s.%s %s %s %s', n.nspname, c.relname, c.relkind, c.relacl, c.relrowsecurity), E'\\n' order by 1)
                 from pg_class c join pg_namespace n on n.oid = c.relnamespace where \(userSchemas)),
              (select string_agg(format('%s.%s.%s %s %s', n.nspname, c.relname, a.attname, a.atttypid::regtype, a.attnotnull), E'\\n' order by 1)
                 from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
                 where \(userSchemas) and a.attnum > 0 and not a.attisdropped),
              (select string_agg(format('%s.%s %s', n.nspname, t.typname, t.typtype), E'\\n' order by 1)
                 from pg_type t join pg_namespace n on n.oid = t.typnamespace where \(userSchemas)),
              (select string_agg(format('%s %s %s', e.enumtypid::regtype, e.enumsortorder, e.enumlabel), E'\\n' order by 1) from pg_enum e),
              (select string_agg(format('%s.%s %s %s', n.nspname, p.proname, p.prosrc, p.proacl), E'\\n' order by 1)
                 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where \(userSchemas)),
              (select string_agg(format('%s', p), E'\\n' order by p::text) from pg_policies p),
              (select string_agg(t.tgname, E'\\n' order by t.tgname) from pg_trigger t),
              (select string_agg(nspname, ',' order by nspname) from pg_namespace n where \(userSchemas))
            ) as catalog
            """
        ).rows[0].string("catalog")
        var rows: [String: String] = [:]
        let tables = try connection.query(
            """
            select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.relkind = 'r' and \(userSchemas) order by 1
            """
        ).rows.map { try $0.string("name") }
        for table in tables {
            rows[table] = try connection.query(
                "select coalesce(string_agg(t::text, '|' order by t::text), '') as r from \(table) t"
            ).rows[0].string("r")
        }
        return DatabaseState(catalog: catalog, rows: rows)
    }
}

/// The promise of `rls apply`, checked around one call: success means every pending file and its
/// history row committed; failure means the database is exactly as before.
enum ApplyInvariant {
    /// Applies `files` and checks the promise; returns the error when the apply failed.
    @discardableResult
    static func apply(
        _ files: [MigrationFile], on db: Connection, options: ApplyOptions = ApplyOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> MigrationError? {
        let before = try DatabaseState.read(db)
        let pending = try db.migrationStatus(files).pending
        do {
            let result = try db.applyMigrations(files, options: options)
            #expect(result.applied == pending, sourceLocation: sourceLocation)
            let history = Set(try MigrationFixtures.historyVersions(on: db))
            #expect(
                pending.allSatisfy { history.contains($0.version) }, "a pending file has no history row", sourceLocation: sourceLocation)
            #expect(try db.migrationStatus(files).pending.isEmpty, sourceLocation: sourceLocation)
            return nil
        } catch let error as MigrationError {
            #expect(!db.isInTransaction, sourceLocation: sourceLocation)
            let after = try DatabaseState.read(db)
            #expect(after == before, "a failed apply changed the database: \(error)", sourceLocation: sourceLocation)
            return error
        }
    }
}
