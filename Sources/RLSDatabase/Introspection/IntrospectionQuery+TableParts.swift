import RLSEmbedded
import RLSMigrations
import RLSPostgres

extension IntrospectionQuery {
    /// Whether the table `c` in namespace `n` is one whose triggers are read though its schema is not
    /// managed: `auth.users`, where sign-up triggers (the profiles pattern) live.
    static let triggerTableException = "(n.nspname = 'auth' and c.relname = 'users')"

    /// Constraints, indexes that no constraint owns (on tables and materialized views), and
    /// triggers, in one result.
    static let tableParts = """
        select 'constraint' as part, n.nspname as schema, c.relname as table_name, co.conname as name,
               pg_get_constraintdef(co.oid) as definition, co.contype::text as detail,
               rn.nspname as referenced_schema, rc.relname as referenced_table, null::text[] as dependencies
        from pg_constraint co
        join pg_class c on c.oid = co.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_class rc on rc.oid = co.confrelid
        left join pg_namespace rn on rn.oid = rc.relnamespace
        where c.relkind in ('r', 'p') and co.contype in ('p', 'u', 'c', 'f', 'x') and \(managed)
          and \(ManagedSchemas.notExtensionMember("c.oid", catalog: "pg_class"))
        union all
        select 'index', n.nspname, c.relname, ic.relname, pg_get_indexdef(i.indexrelid), null, null, null, null
        from pg_index i
        join pg_class ic on ic.oid = i.indexrelid
        join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'm') and \(managed)
          and \(ManagedSchemas.notExtensionMember("c.oid", catalog: "pg_class"))
          and not exists (select 1 from pg_constraint co
                          where co.conindid = i.indexrelid and co.conrelid = i.indrelid and co.contype in ('p', 'u', 'x'))
        union all
        select 'trigger', n.nspname, c.relname, t.tgname, pg_get_triggerdef(t.oid), t.tgenabled::text, null, null,
               \(dependencies("pg_trigger", objid: "t.oid"))
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where not t.tgisinternal and (\(managed) or \(triggerTableException))
        """
}
