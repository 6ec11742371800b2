import RLSCatalog
import RLSDatabase
import Testing

/// The rules about tables and their RLS switch, each on a hand-made database that breaks it.
@Suite("rls lint: tables and RLS")
struct LintTableRuleTests {
    @Test func aTableWithoutRLSInPublicIsAnError() throws {
        let report = try lint(
            afterApplying: """
                create table public.note (id bigint primary key, body text);
                create schema private;
                create table private.helper (id bigint primary key);
                """)
        let findings = report.findings(of: .tableWithoutRLS)
        #expect(findings.map(\.object) == ["public.note"], "private has no USAGE for the API roles: not exposed")
        #expect(findings.first?.level == .error)
        #expect(findings.first?.fix == #"alter table "public"."note" enable row level security;"#)
        #expect(report.hasErrors)
    }

    @Test func aSchemaTheAPIMayUseIsExposed() throws {
        let report = try lint(
            afterApplying: """
                create schema api;
                grant usage on schema api to anon, authenticated;
                create table api.note (id bigint primary key);
                """)
        #expect(report.findings(of: .tableWithoutRLS).map(\.object) == ["api.note"])
    }

    @Test func grantsOnATableWithoutRLSAreAnError() throws {
        let report = try lint(
            afterApplying: """
                create schema private;
                create table private.leak (id bigint primary key);
                grant select, insert on private.leak to anon;
                create table public.guarded (id bigint primary key);
                alter table public.guarded enable row level security;
                grant select on public.guarded to anon;
                create policy "read" on public.guarded for select to anon using (true);
                """)
        let findings = report.findings(of: .apiGrantWithoutRLS)
        #expect(findings.map(\.object) == ["private.leak"])
        #expect(findings.first?.message.contains("anon: INSERT, SELECT") == true)
        #expect(findings.first?.fix?.contains(#"revoke all on table "private"."leak" from "anon";"#) == true)
    }

    @Test func legacyDefaultGrantsMakeEveryNewTableAGrantWithoutRLS() throws {
        let report = try lint(afterApplying: "create table public.note (id bigint primary key);", .legacyGrantAll)
        // One finding per table: in public it is table-without-rls, naming the grants.
        #expect(report.findings(of: .apiGrantWithoutRLS).isEmpty)
        #expect(report.findings(of: .tableWithoutRLS).map(\.object) == ["public.note"])
        #expect(report.findings(of: .tableWithoutRLS).first?.message.contains("anon holds DELETE, INSERT") == true)
    }

    @Test func policiesOnATableWithRLSOffAreIgnoredAndSaidSo() throws {
        let report = try lint(
            afterApplying: """
                create table public.note (id bigint primary key, owner_id uuid);
                create index on public.note (owner_id);
                create policy "owner" on public.note for select to authenticated using (owner_id = (select auth.uid()));
                """)
        let findings = report.findings(of: .policyWithoutRLS)
        #expect(findings.map(\.object) == ["public.note"])
        #expect(findings.first?.level == .error)
        #expect(findings.first?.message.contains("1 policy (owner)") == true)
    }

    @Test func rlsWithoutPoliciesIsInfoWhenLockedDownAndAWarningWhenGranted() throws {
        let report = try lint(
            afterApplying: """
                create table public.internal (id bigint primary key);
                alter table public.internal enable row level security;
                create table public.forgotten (id bigint primary key);
                alter table public.forgotten enable row level security;
                grant select on public.forgotten to authenticated;
                """)
        let findings = report.findings(of: .rlsWithoutPolicies)
        #expect(findings.map(\.object) == ["public.forgotten", "public.internal"])
        #expect(findings.map(\.level) == [.warning, .info])
        #expect(!report.hasErrors)
    }
}
