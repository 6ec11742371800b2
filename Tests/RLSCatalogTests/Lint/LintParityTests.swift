import RLSCatalog
import Testing

/// One hand-made database per splinter lint rls covers: each fires where the problem is and stays
/// silent on the same object done right.
@Suite("rls lint: splinter parity")
struct LintParityTests {
    static let owned = """
        create table public.note (id bigint primary key, owner_id uuid not null);
        create index on public.note (owner_id);
        alter table public.note enable row level security;
        create policy "mine" on public.note for select to authenticated using (owner_id = (select auth.uid()));
        grant select on public.note to anon, authenticated;
        insert into auth.users (id) values ('00000000-0000-0000-0000-000000000001');
        insert into public.note values (1, '00000000-0000-0000-0000-000000000001');

        """

    @Test func unindexedForeignKeysButNotOwnerColumnsTwice() throws {
        let report = try lint(
            afterApplying: """
                create table public.brand (id bigint primary key);
                create table public.listing (id bigint primary key, brand_id bigint references public.brand, colour_id bigint references public.brand);
                create index on public.listing (colour_id);
                create table public.saved (id bigint primary key, patron uuid references auth.users(id));
                alter table public.saved enable row level security;
                create policy "mine" on public.saved for select to authenticated using (patron = (select auth.uid()));
                """)
        #expect(report.findings(of: .unindexedForeignKeys).map(\.object) == ["public.listing.listing_brand_id_fkey"])
        #expect(report.findings(of: .unindexedForeignKeys).first?.fix == #"create index on "public"."listing" ("brand_id");"#)
        // The owner column is reported once, by the rule that knows it filters every request.
        #expect(report.findings(of: .ownerColumnWithoutIndex).map(\.object) == ["public.saved.patron"])
    }

    @Test func authUsersExposedThroughAView() throws {
        let report = try lint(
            afterApplying: """
                create view public.members as select id, email from auth.users;
                grant select on public.members to authenticated;
                create view public.hidden as select id from auth.users;
                """)
        #expect(report.findings(of: .authUsersExposed).map(\.object) == ["public.members"])
        #expect(report.findings(of: .viewWithoutSecurityInvoker).isEmpty)
    }

    @Test func noPrimaryKey() throws {
        let report = try lint(
            afterApplying: """
                create table public.log (at timestamptz); alter table public.log enable row level security;
                create table public.keyed (id bigint primary key); alter table public.keyed enable row level security;
                """)
        #expect(report.findings(of: .noPrimaryKey).map(\.object) == ["public.log"])
    }

    @Test func duplicateIndex() throws {
        let report = try lint(
            afterApplying: Self.owned + """
                create index note_owner_again on public.note (owner_id);
                create index note_owner_id_desc on public.note (owner_id desc);
                """)
        let findings = report.findings(of: .duplicateIndex)
        #expect(findings.count == 1)
        #expect(findings.first?.fix == #"drop index "public"."note_owner_id_idx";"#)
    }

    @Test func functionSearchPathMutableForInvokerFunctions() throws {
        let report = try lint(
            afterApplying: """
                create function public.loose() returns int language sql as $$ select 1 $$;
                create function public.pinned() returns int language sql set search_path = '' as $$ select 1 $$;
                """)
        #expect(report.findings(of: .functionSearchPathMutable).map(\.object) == ["public.loose()"])
        #expect(report.findings(of: .functionSearchPathMutable).first?.level == .warning)
        #expect(report.findings(of: .securityDefinerSearchPath).isEmpty)
    }

    @Test func extensionsInPublicAndOutdated() throws {
        let report = try lint(
            asAdmin: """
                create extension pg_trgm with schema public version '1.5';
                create extension citext with schema extensions;
                """)
        #expect(report.findings(of: .extensionInPublic).map(\.object) == ["pg_trgm"])
        #expect(report.findings(of: .extensionVersionsOutdated).map(\.object) == ["pg_trgm"])
    }

    @Test func foreignTableInAPI() throws {
        let report = try lint(
            asAdmin: """
                create extension file_fdw;
                create server files foreign data wrapper file_fdw;
                create foreign table public.remote (line text) server files options (filename '/dev/null');
                grant select on public.remote to anon;
                create foreign table public.internal (line text) server files options (filename '/dev/null');
                """)
        #expect(report.findings(of: .foreignTableInAPI).map(\.object) == ["public.remote"])
    }

    @Test func insecureQueueExposedInAPI() throws {
        let report = try lint(
            asAdmin: """
                create schema pgmq;
                grant usage on schema pgmq to anon, authenticated, postgres;
                create table pgmq.q_jobs (msg_id bigint primary key, message jsonb);
                grant select on pgmq.q_jobs to anon;
                create table pgmq.q_private (msg_id bigint primary key, message jsonb);
                create table pgmq.q_guarded (msg_id bigint primary key, message jsonb);
                alter table pgmq.q_guarded enable row level security;
                grant select on pgmq.q_guarded to authenticated;
                create table pgmq.meta (queue_name text);
                grant select on pgmq.meta to anon;
                """)
        #expect(report.findings(of: .insecureQueueExposedInAPI).map(\.object) == ["pgmq.q_jobs"])
        #expect(
            report.findings(of: .insecureQueueExposedInAPI).first?.fix == #"alter table "pgmq"."q_jobs" enable row level security;"#)
        #expect(report.findings.filter { $0.object == "pgmq.q_jobs" }.count == 1, "one finding for the queue")
        #expect(report.findings(of: .tableWithoutRLS).map(\.object) == ["pgmq.meta", "pgmq.q_private"])
    }

    @Test func unsupportedRegTypes() throws {
        let report = try lint(
            afterApplying: """
                create table public.handler (id bigint primary key, fn regproc, kind regtype, names regnamespace[]);
                alter table public.handler enable row level security;
                """)
        #expect(report.findings(of: .unsupportedRegTypes).map(\.object) == ["public.handler.fn", "public.handler.names"])
    }

    @Test func foreignKeyToAnAuthUniqueConstraint() throws {
        let report = try lint(
            asAdmin:
                "create unique index if not exists users_email_key on auth.users (email); alter table auth.users add constraint users_email_unique unique using index users_email_key;",
            then: """
                create table public.by_mail (id bigint primary key, email text references auth.users(email));
                create table public.by_id (id bigint primary key, user_id uuid references auth.users(id));
                alter table public.by_mail enable row level security; alter table public.by_id enable row level security;
                """)
        #expect(report.findings(of: .fkeyToAuthUnique).map(\.object) == ["public.by_mail.by_mail_email_fkey"])
    }

    @Test func sensitiveColumnsReplaceTableWithoutRLSForThatTable() throws {
        let report = try lint(
            afterApplying: """
                create table public.account (id bigint primary key, email text, password text, api_key text);
                grant select on public.account to anon;
                create table public.plain (id bigint primary key);
                grant select on public.plain to anon;
                """)
        #expect(report.findings(of: .sensitiveColumnsExposed).map(\.object) == ["public.account"])
        #expect(report.findings(of: .sensitiveColumnsExposed).first?.message.contains("password, api_key") == true)
        #expect(report.findings(of: .tableWithoutRLS).map(\.object) == ["public.plain"])
        #expect(report.findings.filter { $0.object == "public.account" }.count == 1)
    }

    @Test func policyAlwaysTrueAndWithCheckTrueForAnon() throws {
        let report = try lint(
            afterApplying: Self.owned + """
                create policy "anyone writes" on public.note for insert to anon with check (true);
                create policy "users delete" on public.note for delete to authenticated using (1 = 1);
                create policy "read all" on public.note for select to anon using (true);
                create policy "own insert" on public.note for insert to authenticated with check (owner_id = (select auth.uid()));
                """)
        let findings = report.findings(of: .rlsPolicyAlwaysTrue)
        #expect(findings.map(\.object) == ["public.note.anyone writes", "public.note.users delete"])
        #expect(findings.map(\.level) == [.error, .warning])
    }

    @Test func publicBucketAllowsListingOnlyWhenStorageExists() throws {
        let storage = """
            create schema if not exists storage;
            create table if not exists storage.buckets (id text primary key, name text not null, public boolean default false);
            create table if not exists storage.objects (id uuid primary key default gen_random_uuid(), bucket_id text, name text, owner uuid);
            alter table storage.objects enable row level security;
            insert into storage.buckets (id, name, public) values ('avatars', 'avatars', true), ('docs', 'docs', false), ('it''s', 'it''s', true);
            create policy "list avatars" on storage.objects for select to anon using (bucket_id = 'avatars');
            create policy "list docs" on storage.objects for select to anon using (bucket_id = 'docs');
            grant usage on schema storage to postgres, anon, authenticated;
            grant select on storage.buckets to postgres;
            create policy "own files" on storage.objects for select to authenticated
              using (bucket_id = 'it''s' and (select auth.uid()) = owner);
            """
        let report = try lint(asAdmin: storage)
        #expect(report.findings(of: .publicBucketAllowsListing).map(\.object) == ["bucket avatars"])
        #expect(report.findings(of: .publicBucketAllowsListing).first?.fix == #"drop policy "list avatars" on "storage"."objects";"#)
        // Without the right to read storage.buckets (or without storage) the rule is silent and introspection still works.
        let unreadable = try lint(
            asAdmin: "create schema if not exists storage; create table if not exists storage.buckets (id text, name text, public boolean);"
        )
        #expect(unreadable.findings(of: .publicBucketAllowsListing).isEmpty)
        let withoutStorage = try lint(
            afterApplying: "create table public.t (id bigint primary key); alter table public.t enable row level security;")
        #expect(withoutStorage.findings(of: .publicBucketAllowsListing).isEmpty)
    }

    @Test func securityDefinerFunctionsExecutableByTheAPIRoles() throws {
        let report = try lint(
            afterApplying: Self.owned + """
                create function public.all_notes() returns setof public.note language sql security definer set search_path = ''
                  as $$ select * from public.note $$;
                create function public.members_only() returns int language sql security definer set search_path = ''
                  as $$ select 1 $$;
                revoke execute on function public.members_only() from public, anon;
                grant execute on function public.members_only() to authenticated;
                create function public.locked() returns int language sql security definer set search_path = '' as $$ select 1 $$;
                revoke execute on function public.locked() from public, anon, authenticated;
                create schema private;
                grant usage on schema private to authenticated;
                create function private.owns(n bigint) returns boolean language sql stable security definer set search_path = ''
                  as $$ select exists (select 1 from public.note where id = n and owner_id = (select auth.uid())) $$;
                revoke execute on function private.owns(bigint) from public, anon;
                grant execute on function private.owns(bigint) to authenticated;
                create policy "via helper" on public.note for update to authenticated using ((select private.owns(id)));
                create table public.brand (id bigint primary key, name text);
                alter table public.brand enable row level security;
                create policy "anyone reads" on public.brand for select to anon, authenticated using (true);
                grant select on public.brand to anon, authenticated;
                create function public.brands() returns setof public.brand language sql security definer set search_path = ''
                  as $$ select * from public.brand $$;
                """)
        let anon = report.findings(of: .anonSecurityDefinerFunctionExecutable)
        #expect(anon.map(\.object) == ["public.all_notes()", "public.brands()"])
        #expect(anon.map(\.level) == [.error, .warning], "reading only what anon may read anyway is no exposure")
        #expect(anon.last?.message.contains("today public.brand, which anon may read anyway") == true)
        #expect(anon.first?.message.contains("reads public.note past the policies") == true)
        #expect(
            anon.first?.fix == #"""
                revoke execute on function "public"."all_notes"() from PUBLIC, "anon";
                grant execute on function "public"."all_notes"() to "authenticated", "service_role";
                """#)
        let signedIn = report.findings(of: .authenticatedSecurityDefinerFunctionExecutable)
        #expect(signedIn.map(\.object) == ["public.members_only()"])
        #expect(signedIn.first?.level == .warning)
    }

    /// pg_graphql is not among the server's extensions here, so the catalog is built by hand.
    @Test func pgGraphQLExposureOnlyWithTheExtension() {
        let note = QualifiedName(schema: "public", name: "note")
        let member = QualifiedName(schema: "public", name: "member")
        let hidden = QualifiedName(schema: "public", name: "hidden")
        let grants = [
            Catalog.Grant(objectKind: .table, object: note, grantee: .anon, privilege: .select),
            Catalog.Grant(objectKind: .table, object: note, grantee: .authenticated, privilege: .select),
            Catalog.Grant(objectKind: .table, object: member, grantee: .authenticated, privilege: .select),
        ]
        let tables = [note, member, hidden].map { Catalog.Table(name: $0, rowSecurity: true) }
        let withGraphQL = Catalog(
            tables: tables, grants: grants,
            environment: .init(
                extensions: [Catalog.Extension(name: "pg_graphql", schema: "graphql", version: "1.5.11")]))
        let report = Lint.run(withGraphQL, rules: [.pgGraphQLAnonTableExposed, .pgGraphQLAuthenticatedTableExposed])
        #expect(report.findings(of: .pgGraphQLAnonTableExposed).map(\.object) == ["public.note"])
        #expect(report.findings(of: .pgGraphQLAuthenticatedTableExposed).map(\.object) == ["public.member"])
        let without = Catalog(tables: tables, grants: grants)
        #expect(Lint.run(without, rules: [.pgGraphQLAnonTableExposed, .pgGraphQLAuthenticatedTableExposed]).findings.isEmpty)
        // A role granted to anon counts: anon then reaches what authenticated may select.
        var widened = withGraphQL
        widened.environment.roleMemberships = [Catalog.RoleMembership(member: .anon, role: .authenticated)]
        #expect(Lint.run(widened, rules: [.pgGraphQLAnonTableExposed]).findings.map(\.object) == ["public.member", "public.note"])
    }

    @Test func userMetadataAndInitplanAndPermissiveAreCoveredByNumber() {
        let covered = Set(Lint.rules.flatMap(\.splinter).map { String($0.prefix(4)) })
        let skipped = Set(Lint.splinterNotApplicable.keys.map { String($0.prefix(4)) })
        let all = Set((1...29).map { String(format4($0)) })
        #expect(
            all.subtracting(covered).subtracting(skipped).isEmpty,
            "splinter lints neither covered nor explained: \(all.subtracting(covered).subtracting(skipped).sorted())")
        #expect(covered.isDisjoint(with: skipped))
    }
}

private func format4(_ number: Int) -> String {
    String(repeating: "0", count: 4 - String(number).count) + String(number)
}
