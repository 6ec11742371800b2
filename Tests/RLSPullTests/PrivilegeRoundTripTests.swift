import Foundation
import RLSCatalog
import RLSDatabase
import RLSMigrations
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// Issue 31: schema privileges and default privileges as real apps change them round-trip: applied
/// by hand, pulled, the pulled Swift builds and plans to nothing, and the baseline replayed on a
/// fresh database gives back the same schema ACLs and `pg_default_acl`.
@Suite("Schema and default privileges, as the database holds them")
struct PrivilegeRoundTripTests {
    /// The shapes of the issue, in one project.
    static let production = """
        do $$ begin create role app_admin nologin; exception when duplicate_object then null; end $$;
        revoke usage on schema public from anon;
        grant usage on schema public to supabase_auth_admin;
        alter default privileges in schema public revoke execute on functions from public;
        alter default privileges revoke execute on functions from public;
        alter default privileges grant usage on types to authenticated;
        create schema app;
        grant usage on schema app to authenticated;
        grant create on schema app to app_admin;
        alter default privileges in schema app grant select on tables to authenticated;
        create function app.generate_token(n int) returns text language sql as $$ select repeat('x', n) $$;
        grant execute on function app.generate_token(int) to authenticated;
        create table public.note (id bigint generated always as identity primary key, token text default app.generate_token(30));
        alter table public.note enable row level security;
        grant select on public.note to authenticated;
        """

    /// Every schema ACL entry of `public` and `app`, the owner's aside, and every `pg_default_acl`
    /// entry but a role's per-schema entry for itself (which adds nothing to what an owner holds).
    private func privileges(_ db: Connection) throws -> [String] {
        try db.query(
            """
            select 'schema ' || n.nspname || ' ' || case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee)::text end
                   || ' ' || a.privilege_type || case when a.is_grantable then ' grantable' else '' end as entry
            from pg_namespace n, aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a
            where n.nspname in ('public', 'app') and a.grantee <> n.nspowner
            union all
            select 'default ' || pg_get_userbyid(d.defaclrole) || ' ' || coalesce(n.nspname, '*') || ' ' || d.defaclobjtype::text
                   || ' ' || case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee)::text end || ' ' || a.privilege_type
            from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace, aclexplode(d.defaclacl) a
            where not (a.grantee = d.defaclrole and d.defaclnamespace <> 0)
            order by 1
            """
        ).rows.map { try $0.string("entry") }
    }

    /// Pulls `db`, type-checks the Swift, plans it against `db` and replays the baseline on a fresh
    /// database made like `db`; returns the pull.
    private func roundTrip(_ db: Connection, _ defaults: DefaultPrivileges, except outsider: String? = nil) throws -> Pull {
        let pull = try Pull(connection: db, name: "App", origin: "a test database")
        try PulledProject.expectSwiftTypeChecks(pull)
        try PulledProject.expectNoDriftAfterPull(pull, on: db)

        let replayed = try PulledProject.replayedBaseline(pull, defaults: defaults)
        defer { replayed.close() }
        // Defaults of a role the connected one may not act for are not in the baseline (pull notes them).
        let original = try privileges(db).filter { outsider == nil || !$0.contains(outsider!) }
        #expect(try privileges(replayed) == original)
        return pull
    }

    @Test func realAppShapesRoundTrip() throws {
        let (_, db) = try TestDatabase.make(.none)
        defer { db.close() }
        try db.execute(Self.production)
        let pull = try roundTrip(db, .none)
        let files = pull.sources.files.values.joined(separator: "\n")
        #expect(
            files.contains(#"SchemaUsage("public", by: [.authenticated, .serviceRole, .public, Role("supabase_auth_admin")])"#), "\(files)")
        #expect(files.contains(#"SchemaPrivileges("app", usage: [.authenticated], create: [Role("app_admin")])"#), "\(files)")
        #expect(files.contains(#"DefaultPrivilege.revoke(.execute, on: .functions, from: .public)"#), "\(files)")
        #expect(files.contains(#"DefaultPrivilege.grant(.usage, on: .types, to: .authenticated)"#), "\(files)")
        #expect(files.contains(#"DefaultPrivilege.grant(.select, on: .tables, in: "app", to: .authenticated)"#), "\(files)")
        // The per-schema revoke changed nothing (a schema's defaults only add to the global ones): nothing to write.
        #expect(!files.contains(#"in: "public", from: .public"#), "\(files)")
        // No service_role usage on app appears that the database does not hold.
        #expect(!pull.baselineSQL.contains(#"on schema "app" to "authenticated", "service_role""#), "\(pull.baselineSQL)")
        #expect(pull.baselineSQL.contains(#"alter default privileges revoke execute on functions from public;"#), "\(pull.baselineSQL)")
    }

    @Test func supabasesLegacyDefaultsPullToNothing() throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        defer { db.close() }
        // What hosted projects made before 2026-10-30 ran, the creator's own entry included.
        try db.execute(
            """
            alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
            create table public.note (id bigint primary key);
            """)
        let pull = try roundTrip(db, .legacyGrantAll)
        #expect(pull.pulled.schema.defaultPrivileges.isEmpty, "\(pull.pulled.schema.defaultPrivileges.map(\.sql))")
        #expect(!pull.baselineSQL.contains("alter default privileges"), "\(pull.baselineSQL)")
    }

    @Test func aLegacyProjectThatRevokedFunctionsPullsTheRevoke() throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        defer { db.close() }
        try db.execute("alter default privileges in schema public revoke execute on functions from anon, authenticated;")
        let pull = try roundTrip(db, .legacyGrantAll)
        #expect(
            pull.pulled.schema.defaultPrivileges.map(\.sql) == [
                #"alter default privileges in schema "public" revoke execute on functions from "anon", "authenticated";"#
            ])
    }

    /// Hardened's lockdown (Tests/Corpus/hardened): no grant to `anon` or `authenticated` is left,
    /// so the project could have been made either way; the baseline revokes the older grants and
    /// grants `service_role` its own, the same defaults replayed on either kind of project.
    @Test(arguments: [DefaultPrivileges.legacyGrantAll, .none])
    func aLegacyProjectThatRevokedTheAPIRolesReplaysOnEitherKind(_ fresh: DefaultPrivileges) throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        defer { db.close() }
        try db.execute(
            """
            alter default privileges in schema public revoke all on tables from anon, authenticated;
            alter default privileges in schema public revoke all on sequences from anon, authenticated;
            alter default privileges in schema public revoke all on functions from anon, authenticated;
            """)
        let pull = try roundTrip(db, fresh)
        #expect(
            pull.pulled.schema.defaultPrivileges.map(\.sql) == [
                #"alter default privileges in schema "public" revoke all on tables from "anon", "authenticated";"#,
                #"alter default privileges in schema "public" grant all on tables to "service_role";"#,
                #"alter default privileges in schema "public" revoke all on sequences from "anon", "authenticated";"#,
                #"alter default privileges in schema "public" grant all on sequences to "service_role";"#,
                #"alter default privileges in schema "public" revoke execute on functions from "anon", "authenticated";"#,
                #"alter default privileges in schema "public" grant execute on functions to "service_role";"#,
            ])
    }

    @Test func anotherRolesDefaultsRoundTripWhenTheConnectedRoleIsAMember() throws {
        let (url, db) = try TestDatabase.make(.none)
        defer { db.close() }
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        // postgres is a member of service_role (as on Supabase), not of the new role: no cluster-wide
        // membership changes, which other tests read.
        let outsider = "rls_outsider_\(UUID().uuidString.prefix(8).lowercased())"
        try admin.execute(
            """
            create role \(outsider) nologin;
            create schema app authorization postgres;
            grant usage on schema app to authenticated;
            alter default privileges for role service_role in schema app grant select on tables to authenticated;
            alter default privileges for role \(outsider) in schema app grant select on tables to anon;
            """)
        let pull = try roundTrip(db, .none, except: outsider)
        let files = pull.sources.files.values.joined(separator: "\n")
        #expect(
            files.contains(#"DefaultPrivilege.grant(.select, on: .tables, in: "app", to: .authenticated, forRole: .serviceRole)"#),
            "\(files)")
        #expect(!files.contains(#"forRole: Role("\#(outsider)")"#), "\(files)")
        #expect(pull.pulled.notes.contains { $0.object == "default privileges for role \(outsider) in schema app" }, "\(pull.pulled.notes)")
    }

    @Test func supabasesOwnRolesDefaultsAreNotedNotWritten() throws {
        let (url, db) = try TestDatabase.make(.none)
        defer { db.close() }
        try db.execute("create schema app; grant usage on schema app to authenticated;")
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute("alter default privileges for role supabase_admin in schema app grant select on tables to anon;")
        let pull = try Pull(connection: db, name: "App", origin: "a test database")
        #expect(
            pull.pulled.notes.contains {
                $0.object == "default privileges for role supabase_admin in schema app" && $0.message.contains("NOT in the baseline")
            })
        #expect(!pull.baselineSQL.contains("supabase_admin"), "\(pull.baselineSQL)")
        let drift = try Drift.plan(target: db, desiredSQL: try renderValidated(pull.pulled.schema), scratch: TestDatabase.cluster)
        #expect(drift.isEmpty, "\(drift.sql)")
    }
}

/// Issue 31: a schema privilege held WITH GRANT OPTION is declared (`SchemaPrivileges(...).withGrantOption(...)`).
@Suite("A schema privilege with grant option, as pull declares it")
struct SchemaGrantOptionPullTests {
    /// Pull writes the option into the Swift and the baseline; plan right after pull is empty.
    @Test func planIsEmptyAfterPull() throws {
        let (_, db) = try TestDatabase.make(.none)
        defer { db.close() }
        try db.execute(
            """
            create schema app;
            grant usage on schema app to authenticated with grant option;
            grant usage on schema app to anon;
            grant create on schema app to service_role with grant option;
            """)
        let pull = try Pull(connection: db, name: "App", origin: "a test database")
        #expect(pull.pulled.notes.allSatisfy { !$0.description.hasPrefix("schema app") }, "\(pull.pulled.notes)")
        let swift = pull.sources.files.values.joined()
        #expect(swift.contains(".withGrantOption(usage: [.authenticated], create: [.serviceRole])"), "\(swift)")
        try PulledProject.expectNoDriftAfterPull(pull, on: db)
        #expect(pull.baselineSQL.contains(#"grant usage on schema "app" to "authenticated" with grant option;"#), "\(pull.baselineSQL)")
        #expect(pull.baselineSQL.contains(#"grant create on schema "app" to "service_role" with grant option;"#), "\(pull.baselineSQL)")
    }

    /// Taking the option away revokes just the option; giving it grants with it, without a revoke.
    @Test func theOptionAloneChanges() throws {
        let (_, db) = try TestDatabase.make(.none)
        defer { db.close() }
        try db.execute(
            """
            create schema app;
            grant usage on schema app to authenticated with grant option;
            grant usage on schema app to anon;
            """)
        var schema = try Pull(connection: db, name: "App", origin: "a test database").pulled.schema
        let app = try #require(schema.schemaPrivileges.firstIndex { $0.schema == "app" })
        schema.schemaPrivileges[app] = schema.schemaPrivileges[app].withGrantOption(usage: [.anon])
        let plan = try Drift.plan(target: db, desiredSQL: try renderValidated(schema), scratch: TestDatabase.cluster)
        let statements = plan.sql.split(separator: "\n").filter { !$0.isEmpty && !$0.hasPrefix("--") }
        #expect(
            statements == [
                #"revoke grant option for usage on schema "app" from "authenticated";"#,
                #"grant usage on schema "app" to "anon" with grant option;"#,
            ], "\(plan.sql)")
        try db.execute(plan.sql)
        let held = "select array_to_string(nspacl, ',') as acl from pg_namespace where nspname = 'app'"
        #expect(try db.query(held).rows[0].string("acl").contains("authenticated=U/postgres"))
        #expect(try db.query(held).rows[0].string("acl").contains("anon=U*/postgres"))
        let again = try Drift.plan(target: db, desiredSQL: try renderValidated(schema), scratch: TestDatabase.cluster)
        #expect(again.isEmpty, "\(again.sql)")
    }

    /// The option goes with the privilege: a role given it but not the privilege, or PUBLIC, is refused.
    @Test func theOptionNeedsThePrivilege() {
        let schema = Schema {
            SchemaPrivileges("app", usage: [.authenticated]).withGrantOption(usage: [.anon], create: [.public])
        }
        let messages = schema.validationErrors().map(\.description)
        #expect(messages.contains { $0.contains("gives anon the grant option for usage") }, "\(messages)")
        #expect(messages.contains { $0.contains("gives public the grant option for create") }, "\(messages)")
    }

    /// A schema's comment is declared (`SchemaPrivileges(..., comment:)`): plan is empty right after
    /// pull, and the baseline and the Swift both comment the schema.
    @Test func aSchemasCommentIsDeclared() throws {
        let (_, db) = try TestDatabase.make(.none)
        defer { db.close() }
        try db.execute(
            """
            create schema app;
            grant usage on schema app to authenticated;
            comment on schema app is 'The app''s helpers';
            """)
        let pull = try Pull(connection: db, name: "App", origin: "a test database")
        #expect(pull.pulled.notes.allSatisfy { !$0.description.hasPrefix("schema app") }, "\(pull.pulled.notes)")
        #expect(
            pull.sources.files.values.contains {
                $0.contains(#"SchemaPrivileges("app", usage: [.authenticated], comment: "The app's helpers")"#)
            },
            "\(pull.sources.files)")
        let desired = try renderValidated(pull.pulled.schema)
        #expect(desired.contains(#"comment on schema "app" is 'The app''s helpers';"#), "\(desired)")
        let drift = try Drift.plan(target: db, desiredSQL: desired, scratch: TestDatabase.cluster)
        #expect(drift.isEmpty, "drift right after pull:\n\(drift.sql)")
        let (_, replayed) = try TestDatabase.make(.none)
        defer { replayed.close() }
        try replayed.execute(pull.baselineSQL)
        let comment = "select obj_description('app'::regnamespace, 'pg_namespace') as comment"
        #expect(try replayed.query(comment).rows.map { try $0.string("comment") } == ["The app's helpers"])
    }
}
