import RLSCatalog
import RLSDatabase
import Testing

/// The rules about functions and views, each on a hand-made database that breaks it.
@Suite("rls lint: functions and views")
struct LintObjectRuleTests {
    @Test func aSecurityDefinerFunctionWithoutASearchPath() throws {
        let report = try lint(
            afterApplying: """
                create function public.unsafe() returns int language sql security definer as $$ select 1 $$;
                create function public.safe() returns int language sql security definer set search_path = '' as $$ select 1 $$;
                create function public.invoker() returns int language sql as $$ select 1 $$;
                """)
        let findings = report.findings(of: .securityDefinerSearchPath)
        #expect(findings.map(\.object) == ["public.unsafe()"])
        #expect(findings.first?.level == .error)
        #expect(findings.first?.fix == #"alter function "public"."unsafe"() set search_path = '';"#)
    }

    @Test func aViewRunningAsItsOwnerReadableByTheAPI() throws {
        let report = try lint(
            afterApplying: """
                create table public.note (id bigint primary key);
                alter table public.note enable row level security;
                create view public.leaky as select id from public.note;
                grant select on public.leaky to anon;
                create view public.private_report as select id from public.note;
                create view public.safe with (security_invoker = on) as select id from public.note;
                grant select on public.safe to anon, authenticated;
                create materialized view public.snapshot as select id from public.note;
                grant select on public.snapshot to authenticated;
                """)
        let findings = report.findings(of: .viewWithoutSecurityInvoker)
        #expect(findings.map(\.object) == ["public.leaky"])
        #expect(findings.first?.fix == #"alter view "public"."leaky" set (security_invoker = true);"#)
        #expect(findings.first?.message.contains("anon read every row of public.note through it, which their policies deny") == true)
        let materialized = report.findings(of: .materializedViewInAPI)
        #expect(materialized.map(\.object) == ["public.snapshot"])
        #expect(materialized.first?.message.contains("materialized views never apply RLS") == true)
    }

    @Test func findingsComeInAFixedOrder() throws {
        let sql = """
            create table public.b (id bigint primary key);
            create table public.a (id bigint primary key);
            create function public.f() returns int language sql security definer as $$ select 1 $$;
            create table public.c (id bigint primary key);
            alter table public.c enable row level security;
            """
        let report = try lint(afterApplying: sql)
        #expect(
            report.findings.map(\.rule) == [
                .securityDefinerSearchPath, .tableWithoutRLS, .tableWithoutRLS,
                .anonSecurityDefinerFunctionExecutable, .rlsWithoutPolicies,
            ])
        #expect(report.findings.map(\.object) == ["public.f()", "public.a", "public.b", "public.f()", "public.c"])
        #expect(report.summary == "3 errors, 1 warning, 1 info")
        #expect(try lint(afterApplying: sql) == report)
    }
}
