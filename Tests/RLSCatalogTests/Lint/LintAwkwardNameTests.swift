import RLSCatalog
import RLSDatabase
import RLSTestSupport
import Testing

/// Fixes on objects with hostile names (quotes, spaces, capitals) run as written and silence their rule.
@Suite("rls lint: awkward names")
struct LintAwkwardNameTests {
    static let sql = #"""
        create table public."We""ird Table" (id bigint primary key, "Password" text, owner uuid references auth.users(id));
        grant select on public."We""ird Table" to anon;
        create function public."odd ""fn"""(n int) returns bigint language plpgsql security definer as $$
        begin return (select count(*) from "We""ird Table" where id > n); end $$;
        create view public."a view" as select id from public."We""ird Table";
        grant select on public."a view" to authenticated;
        """#

    @Test func everyFixRunsAndSilencesItsRule() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.transaction { try $0.execute(Self.sql) }
        let report = Lint.run(try db.introspectCatalog())
        let rules = Set(report.findings.map(\.rule))
        #expect(
            rules.isSuperset(of: [
                .sensitiveColumnsExposed, .securityDefinerSearchPath, .anonSecurityDefinerFunctionExecutable,
                .viewWithoutSecurityInvoker, .unindexedForeignKeys,
            ]), "\(rules.sorted())")
        #expect(report.findings(of: .securityDefinerSearchPath).first?.fix?.contains(#"from "public"."We""ird Table""#) == true)
        for finding in report.findings where finding.fix != nil {
            try db.transaction { try $0.execute(finding.fix!) }
        }
        #expect(try db.query(#"select public."odd ""fn"""(0) as n"#).first?["n"] == "0", "the rewritten function still runs")
        let after = Lint.run(try db.introspectCatalog())
        let fixedRules = Set(report.findings.filter { $0.fix != nil }.map(\.rule))
        #expect(after.findings.filter { fixedRules.contains($0.rule) }.isEmpty, "\(after.findings)")
    }
}
