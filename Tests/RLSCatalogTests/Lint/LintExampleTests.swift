import ElectricRide
import RLSCatalog
import RLSDatabase
import RLSSQL
import Testing

/// The example schema is what the DSL compiles: it lints clean, not even an info finding, on both
/// kinds of Supabase project (new tables granted to the API roles by default, or not).
@Suite("rls lint: the example schema")
struct LintExampleTests {
    @Test(arguments: [DefaultPrivileges.none, .legacyGrantAll])
    func theExampleHasNoErrorsOrWarnings(_ privileges: DefaultPrivileges) throws {
        let report = try lint(afterApplying: render(ElectricRide.schema), privileges)
        #expect(report.findings.isEmpty, "\(report.findings.map { "\($0.rule) \($0.object): \($0.message)" })")
        #expect(!report.hasErrors)
    }
}
