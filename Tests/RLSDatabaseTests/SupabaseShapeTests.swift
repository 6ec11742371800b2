import Foundation
import RLSDatabase
import RLSTestSupport
import Testing

@Suite("Databases are shaped like Supabase")
struct SupabaseShapeTests {
    @Test func postgresIsNotSuperuserButBypassesRLS() throws {
        let (_, db) = try TestDatabase.make()
        let row = try #require(db.query("select rolsuper, rolbypassrls, rolcreaterole from pg_roles where rolname = 'postgres'").first)
        #expect(try row.bool("rolsuper") == false)
        #expect(try row.bool("rolbypassrls"))
        #expect(try row.bool("rolcreaterole"))
        #expect(try db.query("select current_user as u").first?.string("u") == "postgres")
    }

    @Test func apiRolesExistWithTheirAttributes() throws {
        let (_, db) = try TestDatabase.make()
        let rows = try db.query(
            """
            select rolname, rolcanlogin, rolbypassrls, rolinherit from pg_roles
            where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname
            """)
        let byName = Dictionary(uniqueKeysWithValues: try rows.map { (try $0.string("rolname"), $0) })
        #expect(byName.count == 4)
        #expect(try byName["anon"]?.bool("rolcanlogin") == false)
        #expect(try byName["authenticated"]?.bool("rolcanlogin") == false)
        #expect(try byName["service_role"]?.bool("rolbypassrls") == true)
        #expect(try byName["authenticator"]?.bool("rolcanlogin") == true)
        #expect(try byName["authenticator"]?.bool("rolinherit") == false)
        let members = try db.query(
            """
            select array_agg(r.rolname order by r.rolname)::text[] as roles from pg_auth_members m
            join pg_roles r on r.oid = m.roleid join pg_roles u on u.oid = m.member where u.rolname = $1
            """, ["postgres"])
        // supabase_realtime_admin owns realtime.messages, supabase_storage_admin storage.objects; membership lets
        // postgres add policies to them (an event trigger refuses other DDL in storage, as hosted projects do).
        #expect(
            try members.first?.stringArray("roles") == [
                "anon", "authenticated", "service_role", "supabase_realtime_admin", "supabase_storage_admin",
            ])
    }

    @Test func claimsGiveAuthUidTheSub() throws {
        let (_, db) = try TestDatabase.make()
        let user = UUID().uuidString.lowercased()
        let row = try db.transaction { tx in
            try tx.query(
                "select set_config('request.jwt.claims', $1, true)",
                [#"{"sub":"\#(user)","role":"authenticated","email":"rider@example.com"}"#])
            try tx.execute("set local role authenticated")
            return try #require(
                tx.query(
                    "select auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> 'sub' as sub, current_user as who"
                ).first)
        }
        #expect(row["uid"] == user)
        #expect(row["role"] == "authenticated")
        #expect(row["email"] == "rider@example.com")
        #expect(row["sub"] == user)
        #expect(row["who"] == "authenticated")
        #expect(try db.query("select current_user as who").first?.string("who") == "postgres")
    }

    @Test func olderPerClaimSettingStillWorks() throws {
        let (_, db) = try TestDatabase.make()
        let user = UUID().uuidString.lowercased()
        let uid = try db.transaction { tx in
            try tx.query("select set_config('request.jwt.claim.sub', $1, true)", [user])
            try tx.execute("set local role authenticated")
            return try tx.query("select auth.uid()::text as uid").first?["uid"]
        }
        #expect(uid == user)
        #expect(try db.query("select auth.uid() as uid").first?["uid"] == nil)
    }

    /// Supabase Auth's functions read the per-claim setting first, then the JSON claims, and are
    /// inlined into policies (no SET clause): where both are set and differ, the per-claim one wins,
    /// as on a hosted project.
    @Test func perClaimSettingWinsOverTheClaimsAsOnHostedProjects() throws {
        let (_, db) = try TestDatabase.make()
        let (older, json) = (UUID().uuidString.lowercased(), UUID().uuidString.lowercased())
        let row = try db.transaction { tx in
            try tx.query(
                "select set_config('request.jwt.claim.sub', $1, true), set_config('request.jwt.claim.role', 'service_role', true), "
                    + "set_config('request.jwt.claims', $2, true)",
                [older, #"{"sub":"\#(json)","role":"authenticated"}"#])
            return try #require(tx.query("select auth.uid()::text as uid, auth.role() as role").first)
        }
        #expect(row["uid"] == older)
        #expect(row["role"] == "service_role")
        let settings = try db.query(
            """
            select count(*) filter (where p.proconfig is not null) as with_set, count(*) as functions
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'auth' and p.proname in ('uid', 'role', 'email', 'jwt') and p.prolang = (select oid from pg_language where lanname = 'sql')
            """
        ).first
        #expect(settings?["functions"] == "4")
        #expect(settings?["with_set"] == "0")
    }

    @Test func anonWithoutGrantIsRefused() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create table public.secret (id int); insert into public.secret values (1);")
        let error = try #require(throws: DatabaseError.self) {
            try db.transaction { tx in
                try tx.execute("set local role anon")
                return try tx.query("select * from public.secret")
            }
        }
        #expect(error.sqlState == "42501")
    }

    @Test func legacyDefaultPrivilegesGrantToAnon() throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        try db.execute("create table public.listing (id int); insert into public.listing values (1);")
        let count = try db.transaction { tx in
            try tx.execute("set local role anon")
            return try tx.query("select count(*) as n from public.listing").first?.int("n")
        }
        #expect(count == 1)
        let grants = try db.query(
            """
            select array_agg(distinct grantee order by grantee)::text[] as roles from information_schema.role_table_grants
            where table_name = 'listing' and privilege_type = 'SELECT'
            """)
        #expect(try grants.first?.stringArray("roles") == ["anon", "authenticated", "postgres", "service_role"])
    }

    @Test func postgresCanInsertUsersAndCreateTriggersOnAuthUsers() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute(
            """
            create table public.profiles (id uuid primary key, email text);
            create function public.handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $$
            begin insert into public.profiles (id, email) values (new.id, new.email); return new; end $$;
            create trigger on_auth_user_created after insert on auth.users for each row execute function public.handle_new_user();
            """)
        let id = UUID()
        try db.query("insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, '{}')", [id, "new@example.com"])
        #expect(try db.query("select email from public.profiles where id = $1", [id]).first?.string("email") == "new@example.com")
    }

    @Test func authSchemaIsOwnedBySupabaseAuthAdmin() throws {
        let (_, db) = try TestDatabase.make()
        let owner = try db.query("select pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = 'auth'")
        #expect(try owner.first?.string("owner") == "supabase_auth_admin")
        let columns = try db.query(
            "select array_agg(column_name::text order by column_name)::text[] as c from information_schema.columns where table_schema = 'auth' and table_name = 'users'"
        )
        let names = try #require(try columns.first?.stringArray("c"))
        for required in ["id", "email", "phone", "raw_user_meta_data", "raw_app_meta_data", "created_at", "updated_at"] {
            #expect(names.contains(required))
        }
    }
}
