import RLSCheck
import RLSModel
import Testing

/// A fact one side could not observe (its probes did not run there: a role the connecting role may
/// not become) is left out of the access diff with a note, never reported as lost or gained.
@Suite struct AccessDiffUnobservedTests {
    let note = TableName(name: "note")
    let reason = #"anon could not be impersonated: 42501 permission denied to set role "anon""#

    func report(anonSelect: Observation, aliceSelect: Observation) -> CheckReport {
        let results = [
            CheckedProbe(
                probe: Probe(table: note, persona: .anon, operation: .select, target: .fixtureRows),
                expected: .outcome(.deniedByGrant), observed: anonSelect),
            CheckedProbe(
                probe: Probe(table: note, persona: .user(.alice), operation: .select, target: .fixtureRows),
                expected: .outcome(.rows([.alice])), observed: aliceSelect),
        ]
        return CheckReport(tables: [note], results: results, scenarios: [])
    }

    @Test func aPersonaThatDidNotRunOnOneSideIsNeitherLostNorGained() {
        let before = AccessSnapshot(report(anonSelect: .rows([.alice, .bob]), aliceSelect: .rows([.alice])))
        let after = AccessSnapshot(report(anonSelect: .notRun(reason), aliceSelect: .rows([.alice, .bob])))
        let diff = AccessDiff(before: before, after: after, schema: AccessDiffTests.shelf())
        #expect(!diff.changes.contains { $0.fact.caller == "anon" }, "\(diff.text)")
        #expect(diff.changes.map(\.sentence) == ["authenticated gains SELECT on public.note (other users' rows)"], "\(diff.text)")
        #expect(diff.notes == ["anon's access was not compared where its probes observed nothing: \(reason)"], "\(diff.notes)")
        #expect(diff.text.contains("  note: anon's access was not compared"), "\(diff.text)")
    }
}
