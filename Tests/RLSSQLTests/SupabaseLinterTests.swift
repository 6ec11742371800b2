import ElectricRide
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// The example schema against the conditions Supabase's database linter (splinter) reports at
/// WARN or ERROR level, each checked here with our own catalog query.
@Suite struct SupabaseLinterTests {
    func database() throws -> Connection {
        let (_, db) = try TestDatabase.make()
        try db.apply(render(ElectricRide.schema))
        return db
    }

    func names(_ db: Connection, _ sql: String) throws -> [String] {
        try db.query(sql).rows.map { try $0.string("name") }
    }

    @Test func everyPublicTableHasRLS() throws {  // 0013 rls_disabled_in_public, 0007
        let db = try database()
        #expect(
            try names(
                db,
                """
                select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity
                """) == [])
    }

    @Test func noSecurityDefinerFunctionIsExecutableByTheAPIRoles() throws {  // 0028, 0029
        let db = try database()
        #expect(
            try names(
                db,
                """
                select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                where n.nspname = 'public' and p.prosecdef
                  and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
                """) == [])
    }

    @Test func everyFunctionHasAFixedSearchPath() throws {  // 0011 function_search_path_mutable
        let db = try database()
        #expect(
            try names(
                db,
                """
                select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                where n.nspname = 'public'
                  and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
                """) == [])
    }

    @Test func viewsRunAsTheCaller() throws {  // 0010 security_definer_view
        let db = try database()
        #expect(
            try names(
                db,
                """
                select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and c.relkind = 'v'
                  and not coalesce('security_invoker=true' = any(c.reloptions), false)
                """) == [])
    }

    @Test func authFunctionsAreEvaluatedOncePerStatement() throws {  // 0003 auth_rls_initplan
        let db = try database()
        #expect(
            try names(
                db,
                """
                select policyname as name from pg_policies where schemaname = 'public' and (
                  (qual ~ 'auth\\.(uid|jwt|role|email)\\(\\)' and lower(qual) !~ 'select\\s+auth\\.(uid|jwt|role|email)\\(\\)')
                  or (with_check ~ 'auth\\.(uid|jwt|role|email)\\(\\)' and lower(with_check) !~ 'select\\s+auth\\.(uid|jwt|role|email)\\(\\)'))
                """) == [])
        let policies = try db.query("select count(*) as n from pg_policies where schemaname = 'public' and qual like '%auth.uid()%'")
        #expect(try policies.first?.int("n") ?? 0 > 0)
    }

    @Test func onePermissivePolicyPerRoleAndAction() throws {  // 0006 multiple_permissive_policies
        let db = try database()
        #expect(
            try names(
                db,
                """
                select tablename || ' ' || r || ' ' || a as name
                from pg_policies, unnest(roles) r,
                     unnest(case cmd when 'ALL' then array['SELECT','INSERT','UPDATE','DELETE'] else array[cmd] end) a
                where schemaname = 'public' and permissive = 'PERMISSIVE'
                group by tablename, r, a having count(*) > 1
                """) == [])
    }

    @Test func noAlwaysTrueWritePolicies() throws {  // 0024 rls_policy_always_true
        let db = try database()
        #expect(
            try names(
                db,
                """
                select policyname as name from pg_policies
                where schemaname = 'public' and cmd <> 'SELECT'
                  and (coalesce(replace(qual, ' ', ''), '') in ('true', '(true)')
                       or coalesce(replace(with_check, ' ', ''), '') in ('true', '(true)')
                       or (cmd = 'INSERT' and with_check is null))
                """) == [])
    }

    @Test func noPolicyReadsUserMetadata() throws {  // 0015 rls_references_user_metadata
        let db = try database()
        #expect(
            try names(
                db,
                """
                select policyname as name from pg_policies
                where coalesce(qual, '') || coalesce(with_check, '') like '%user_meta%'
                """) == [])
    }

    @Test func everyForeignKeyIsIndexed() throws {  // 0001 unindexed_foreign_keys (INFO, but cheap to honour)
        let db = try database()
        #expect(
            try names(
                db,
                """
                select con.conname as name from pg_constraint con join pg_namespace n on n.oid = con.connamespace
                where con.contype = 'f' and n.nspname = 'public'
                  and not exists (select 1 from pg_index i where i.indrelid = con.conrelid
                                  and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] @> con.conkey)
                """) == [])
    }

    @Test func noViewExposesAuthUsers() throws {  // 0002 auth_users_exposed
        let db = try database()
        #expect(
            try names(
                db,
                """
                select distinct v.relname as name from pg_depend d
                join pg_rewrite r on r.oid = d.objid join pg_class v on v.oid = r.ev_class
                where d.refobjid = 'auth.users'::regclass and v.relname <> 'users'
                """) == [])
    }
}
