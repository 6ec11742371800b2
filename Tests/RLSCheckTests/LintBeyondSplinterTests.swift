import RLSCatalog
import RLSDatabase
import RLSTestSupport
import Testing

/// The rules splinter has no counterpart for, each on a hand-made database where it fires and where
/// it does not. Memberships are cluster-wide, so they are only made inside rolled-back transactions.
@Suite("rls lint: beyond splinter", .serialized)
struct LintBeyondSplinterTests {
    private func lintInTransaction(_ sql: String) throws -> (LintReport, Catalog) {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("begin")
        defer { _ = try? db.execute("rollback") }
        try db.execute(sql)
        let catalog = try db.introspectCatalog()
        return (Lint.run(catalog), catalog)
    }

    @Test func aRoleGrantedToAnonIsAnErrorAndDrift() throws {
        let (report, catalog) = try lintInTransaction("grant authenticated to anon;")
        #expect(report.findings(of: .apiRoleMembership).map(\.fix) == [#"revoke "authenticated" from "anon";"#])
        let plan = ChangePlan(from: catalog, to: Catalog())
        #expect(plan.changes.map(\.sql).contains(#"revoke "authenticated" from "anon";"#))
        let (clean, _) = try lintInTransaction("select 1;")
        #expect(clean.findings(of: .apiRoleMembership).isEmpty)
    }

    @Test func defaultPrivilegesForAPIRolesBeyondSupabasesOwn() throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        defer { db.close() }
        #expect(
            Lint.run(try db.introspectCatalog()).findings(of: .apiRoleDefaultPrivileges).isEmpty,
            "Supabase's own defaults are not a finding")
        try db.execute("alter default privileges in schema public grant select on tables to public")
        let catalog = try db.introspectCatalog()
        let findings = Lint.run(catalog).findings(of: .apiRoleDefaultPrivileges)
        #expect(findings.map(\.object) == ["default privileges of postgres in public for PUBLIC"])
        #expect(
            findings.first?.fix == #"alter default privileges for role "postgres" in schema "public" revoke select on tables from public;"#)
        #expect(
            ChangePlan(from: catalog, to: Catalog()).changes.contains {
                $0.sql == #"alter default privileges in schema "public" revoke select on tables from public;"#
            })
        try db.execute(findings.first!.fix!)
        #expect(Lint.run(try db.introspectCatalog()).findings(of: .apiRoleDefaultPrivileges).isEmpty)
    }

    @Test func dynamicSQLWithoutQuoting() throws {
        let (report, _) = try lintInTransaction(
            """
            create function public.count_in(t text) returns bigint language plpgsql set search_path = '' as $$
            declare n bigint; begin execute 'select count(*) from ' || t into n; return n; end $$;
            create function public.count_safe(t text) returns bigint language plpgsql set search_path = '' as $$
            declare n bigint; begin execute format('select count(*) from public.%I', t) into n; return n; end $$;
            create function public.note(t text) returns bigint language plpgsql set search_path = '' as $$
            -- execute 'x' || t;   (a comment)
            begin return 1; end $$;
            """)
        #expect(report.findings(of: .dynamicSQLWithoutQuoting).map(\.object) == ["public.count_in(t text)"])
    }

    @Test func unqualifiedNamesUnderAnEmptySearchPath() throws {
        let (report, _) = try lintInTransaction(
            """
            create table public.audit (id bigint primary key); alter table public.audit enable row level security;
            create function public.broken() returns bigint language sql set search_path = '' as $$ select 1::bigint $$;
            create or replace function public.broken() returns bigint language plpgsql set search_path = '' as $$
            begin return (select count(*) from audit); end $$;
            create function public.fine() returns bigint language plpgsql set search_path = '' as $$
            declare audit bigint; begin select count(*) into audit from public.audit; return audit; end $$;
            """)
        let findings = report.findings(of: .unqualifiedNameInFunction)
        #expect(findings.map(\.object) == ["public.broken()"])
        #expect(findings.first?.fix?.contains(#"from "public".audit"#) == true)
    }
}
