import RLSEmbedded
import RLSMigrations
import RLSModel
import RLSPostgres
import RLSSQL

extension IntrospectionQuery {
    /// What surrounds the managed schemas, in one query (one row kind per fact): roles granted to
    /// `anon`/`authenticated`, every role's default privileges for them or PUBLIC, installed
    /// extensions, foreign tables and pgmq queue tables without RLS with the API roles that can read
    /// them, and storage buckets (read through `query_to_xml`, only when `storage.buckets` exists, so
    /// the query runs without storage; size and type limits through `to_jsonb`, so a `storage.buckets`
    /// without those columns reads too).
    /// True when `storage.buckets` exists and the connected role may read it (found through the
    /// catalog: naming a schema one may not use is an error, even in `to_regclass`).
    static let readableBuckets = """
        exists (select 1 from pg_class bc join pg_namespace bn on bn.oid = bc.relnamespace
                where bn.nspname = 'storage' and bc.relname = 'buckets'
                  and has_schema_privilege(bn.oid, 'USAGE') and has_table_privilege(bc.oid, 'SELECT'))
        """

    /// `anon,authenticated`: the API roles that may select from the relation `oid` (memberships
    /// counted). `case` guarantees a role is only asked about once it is known to exist (a database
    /// without Supabase's roles), which `and` does not.
    static func apiReaders(_ oid: String) -> String {
        """
        array_to_string(array(select r from unnest(array[\(Role.clientRoles.nameLiterals)]) r
                              where case when exists (select 1 from pg_roles pr where pr.rolname = r)
                                         then has_table_privilege(r, \(oid), 'SELECT') else false end), ',')
        """
    }

    static let environment = """
        select case when m.rolname in (\(Role.clientRoles.nameLiterals)) then 'member' else 'reached member' end as kind,
               '' as schema, m.rolname::text as name, r.rolname::text as detail,
               null::text as grantee, null::text as privilege, null::text as extra
        from (with recursive reached(member, role) as (
                select am.member, am.roleid from pg_auth_members am join pg_roles m on m.oid = am.member
                where m.rolname in (\(Role.clientRoles.nameLiterals))
                union
                select am.member, am.roleid from pg_auth_members am join reached on am.member = reached.role)
              select member, role from reached) as membership
        join pg_roles m on m.oid = membership.member
        join pg_roles r on r.oid = membership.role
        union all
        select 'default', coalesce(n.nspname, ''), pg_get_userbyid(d.defaclrole)::text, d.defaclobjtype::text,
               case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee)::text end, a.privilege_type, null
        from pg_default_acl d
        left join pg_namespace n on n.oid = d.defaclnamespace,
             aclexplode(d.defaclacl) a
        where (a.grantee = 0 or pg_get_userbyid(a.grantee) in (\(Role.clientRoles.nameLiterals)))
          and (d.defaclnamespace = 0 or \(managed))
        union all
        select 'extension', n.nspname, e.extname::text, e.extversion,
               (select v.default_version from pg_available_extensions v where v.name = e.extname), null, null
        from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        union all
        select 'foreign table', n.nspname, c.relname::text, null, \(apiReaders("c.oid")), null, null
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'f' and \(managed)
        union all
        select 'queue', n.nspname, c.relname::text, null, \(apiReaders("c.oid")), null, null
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'pgmq' and c.relname like 'q\\_%' and c.relkind in ('r', 'p') and not c.relrowsecurity
        union all
        select 'storage', 'storage', '', null, null, null, null
        where \(readableBuckets)
        union all
        select 'bucket', 'storage', (xpath('/row/id/text()', b))[1]::text, (xpath('/row/name/text()', b))[1]::text,
               (xpath('/row/public/text()', b))[1]::text, (xpath('/row/file_size_limit/text()', b))[1]::text,
               (xpath('/row/allowed_mime_types/text()', b))[1]::text
        from (select 1 where \(readableBuckets)) has_storage,
             lateral unnest(xpath('/table/row', query_to_xml(
                 'select id, name, coalesce(public, false) as public, to_jsonb(b) ->> ''file_size_limit'' as file_size_limit, '
                 || '(to_jsonb(b) -> ''allowed_mime_types'')::text as allowed_mime_types from storage.buckets b',
                 false, false, ''))) b
        """
}
