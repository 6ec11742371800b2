import RLSCatalog
import RLSDatabase
import RLSModel

/// A database's catalog as text, one line per fact and sorted, for comparing the original database
/// of a corpus schema with its baseline replayed on a fresh one. Written directly against
/// `pg_catalog` (not through `introspectCatalog`), so that what rls does not read is compared too.
///
/// User schemas are every schema but PostgreSQL's and Supabase's own; Supabase's schemas contribute
/// what a project changes in them: policies (on `storage.objects` and any other table), triggers on
/// `auth.users`, bucket rows, and schema ACLs. Privileges are compared as they take effect: a NULL
/// ACL is the owner's default (`acldefault`), so an implicit and a spelled-out owner entry are equal.
/// Check constraints and policies are compared as ``RLSCatalog/PrintedExpression/canonical(_:)``
/// prints them: `between` is stored as a nested AND that no SQL text can recreate (pg_dump's
/// output re-parses to the same flat AND).
enum CatalogSnapshot {
    /// Each class of object and the query that lists it (one text column, `line`).
    static let queries: [(name: String, sql: String)] = [
        (
            "schemas",
            """
            select n.nspname || ' owner ' || n.nspowner::regrole::text as line
            from pg_namespace n where \(userSchema("n.nspname"))
            """
        ),
        (
            "schema ACLs",
            """
            select n.nspname || ' ' || \(acl("coalesce(n.nspacl, acldefault('n', n.nspowner))")) as line
            from pg_namespace n where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
            """
        ),
        (
            "extensions",
            """
            select e.extname || ' in ' || n.nspname || ' ' || e.extversion as line
            from pg_extension e join pg_namespace n on n.oid = e.extnamespace
            """
        ),
        (
            "types",
            """
            select t.oid::regtype::text || ' ' || t.typtype::text || coalesce(' ' || (
                select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '') as line
            from pg_type t join pg_namespace n on n.oid = t.typnamespace
            where \(userSchema("n.nspname")) and t.typtype in ('e', 'd', 'c') and \(notExtensionMember("t.oid", "pg_type"))
              and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')
            """
        ),
        (
            "tables",
            """
            select c.oid::regclass::text || ' ' || c.relkind::text || ' owner ' || c.relowner::regrole::text
                || ' rls ' || c.relrowsecurity || ' force ' || c.relforcerowsecurity || ' replica ' || c.relreplident::text as line
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where \(userSchema("n.nspname")) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and \(notExtensionMember("c.oid", "pg_class"))
            """
        ),
        (
            "columns",
            """
            select c.oid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
                || case when a.attnotnull then ' not null' else '' end
                || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
                || case a.attidentity when '' then '' else ' identity ' || a.attidentity::text end
                || case a.attgenerated when '' then '' else ' generated ' || a.attgenerated::text end as line
            from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
            left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
            where \(userSchema("n.nspname")) and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
              and \(notExtensionMember("c.oid", "pg_class"))
            """
        ),
        (
            "constraints",
            """
            select r.conrelid::regclass::text || ' ' || r.conname || ' ' || pg_get_constraintdef(r.oid) as line
            from pg_constraint r join pg_namespace n on n.oid = r.connamespace
            where \(userSchema("n.nspname")) and r.conrelid <> 0
            """
        ),
        (
            "indexes",
            """
            select pg_get_indexdef(i.indexrelid) as line
            from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
            where \(userSchema("n.nspname"))
            """
        ),
        (
            "views",
            """
            select c.oid::regclass::text || coalesce(' ' || array_to_string(c.reloptions, ','), '') || ' as ' || pg_get_viewdef(c.oid)
                || case when c.relkind = 'm' and not c.relispopulated then ' with no data' else '' end as line
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where \(userSchema("n.nspname")) and c.relkind in ('v', 'm')
            """
        ),
        (
            "functions",
            """
            select pg_get_functiondef(p.oid) || ' owner ' || p.proowner::regrole::text as line
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where \(userSchema("n.nspname")) and \(notExtensionMember("p.oid", "pg_proc"))
            """
        ),
        (
            "triggers",
            """
            select pg_get_triggerdef(t.oid) || case t.tgenabled when 'O' then '' else ' enabled ' || t.tgenabled::text end as line
            from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
            where not t.tgisinternal and (\(userSchema("n.nspname")) or t.tgrelid = 'auth.users'::regclass)
            """
        ),
        (
            "policies",
            """
            select schemaname || '.' || tablename || ' ' || policyname || ' ' || permissive || ' ' || cmd
                || ' to ' || array_to_string(roles, ',') || coalesce(' using ' || qual, '') || coalesce(' check ' || with_check, '') as line
            from pg_policies
            """
        ),
        (
            "table, view and sequence ACLs",
            """
            select c.oid::regclass::text || ' ' || \(acl("coalesce(c.relacl, case c.relkind when 'S' then acldefault('s', c.relowner) else acldefault('r', c.relowner) end)")) as line
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where \(userSchema("n.nspname")) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and \(notExtensionMember("c.oid", "pg_class"))
            """
        ),
        (
            "column ACLs",
            """
            select c.oid::regclass::text || '.' || a.attname || ' ' || \(acl("a.attacl")) as line
            from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
            where \(userSchema("n.nspname")) and a.attacl is not null and a.attnum > 0
            """
        ),
        (
            "function ACLs",
            """
            select p.oid::regprocedure::text || ' ' || \(acl("coalesce(p.proacl, acldefault('f', p.proowner))")) as line
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where \(userSchema("n.nspname")) and \(notExtensionMember("p.oid", "pg_proc"))
            """
        ),
        (
            "default privileges",
            """
            select d.defaclrole::regrole::text || ' in ' || coalesce(n.nspname, '(all schemas)') || ' on ' || d.defaclobjtype::text
                || ' ' || \(acl("d.defaclacl")) as line
            from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
            """
        ),
        (
            "publications",
            """
            select p.pubname || ' owner ' || p.pubowner::regrole::text || ' all ' || p.puballtables || ' '
                || p.pubinsert || p.pubupdate || p.pubdelete || p.pubtruncate || coalesce(' tables ' || (
                    select string_agg(t.schemaname || '.' || t.tablename, ',' order by t.schemaname, t.tablename)
                    from pg_publication_tables t where t.pubname = p.pubname), '') as line
            from pg_publication p
            """
        ),
        (
            "buckets",
            """
            select id || ' ' || name || ' public ' || public || coalesce(' limit ' || file_size_limit, '')
                || coalesce(' types ' || array_to_string(allowed_mime_types, ','), '') as line
            from storage.buckets
            """
        ),
    ]

    /// The catalog of the database behind `connection`: per class of object (``queries``), its lines sorted.
    static func sections(_ connection: Connection) throws -> [(name: String, lines: [String])] {
        try queries.map { query in
            let canonical = ["constraints", "policies"].contains(query.name)
            let lines = try connection.query(query.sql).rows.map { row in
                let line = try row.string("line")
                return canonical ? PrintedExpression.canonical(line) : line
            }
            return (query.name, lines.sorted())
        }
    }

    /// What `copy` lacks (`-`) and adds (`+`) compared with `original`, one class of object.
    static func difference(_ original: [String], _ copy: [String]) -> String {
        let (old, new) = (Set(original), Set(copy))
        return (old.subtracting(new).sorted().map { "- " + $0 } + new.subtracting(old).sorted().map { "+ " + $0 }).joined(separator: "\n")
    }

    /// Not one of Supabase's or PostgreSQL's own schemas (``SupabaseSchemas``).
    private static func userSchema(_ column: String) -> String {
        let names = SupabaseSchemas.owned.map { "'\($0)'" }.joined(separator: ", ")
        let prefixes = SupabaseSchemas.ownedLikePatterns.map { " and \(column) not like '\($0)'" }.joined()
        return "\(column) not in (\(names))" + prefixes
    }

    /// Not an object an extension created (those come with `create extension`).
    private static func notExtensionMember(_ oid: String, _ catalog: String) -> String {
        "not exists (select 1 from pg_depend x where x.classid = '\(catalog)'::regclass and x.objid = \(oid) and x.deptype = 'e')"
    }

    /// An ACL as sorted `grantee:privilege[*]` entries (`*` for WITH GRANT OPTION; PUBLIC as `public`).
    private static func acl(_ expression: String) -> String {
        """
        coalesce((select string_agg(e, ' ' order by e) from (select case when x.grantee = 0 then 'public' else x.grantee::regrole::text end
            || ':' || x.privilege_type || case when x.is_grantable then '*' else '' end as e from aclexplode(\(expression)) x) entries), '(none)')
        """
    }
}
