import Foundation
import RLSCheck
import RLSModel
import Testing

@Suite struct ReportFormatTests {
    /// Issue 32: channel and storage probe counts read as sentences, in the table probes' words
    /// (they ended mid-phrase: `160 storage probes: 128 passed, 32 not`).
    @Test func probeCountsReadAsASentence() {
        #expect(CheckReport.counts([.pass, .mismatch, .mismatch, .notRun]) == "1 passed, 2 mismatches, 1 not run")
        #expect(CheckReport.counts([.pass, .mismatch]) == "1 passed, 1 mismatch")
        #expect(CheckReport.counts([.pass, .unverified]) == "1 passed, 0 mismatches, 1 unverified")
    }

    static let report: CheckReport = {
        let leak = Probe(table: "public.saved", persona: .user(.bob), operation: .select, target: .fixtureRows)
        var mismatch = CheckedProbe(probe: leak, expected: .outcome(.rows([.bob])), observed: .rows([.alice, .bob]))
        mismatch.explanation = [#"policy "peek <&>" (permissive, for SELECT, to authenticated) using (true): not declared in the schema"#]
        let fine = CheckedProbe(
            probe: Probe(table: "public.saved", persona: .anon, operation: .select, target: .fixtureRows),
            expected: .outcome(.deniedByGrant), observed: .deniedByGrant)
        let unknown = CheckedProbe(
            probe: Probe(table: "public.saved", persona: .user(.alice), operation: .delete, target: .row(.bob)),
            expected: .unverified(#"policy "mods # delete" declares no expectation"#), observed: .filtered)
        return CheckReport(tables: ["public.saved"], results: [fine, mismatch, unknown], scenarios: [], notes: ["a note"], seconds: 0.5)
    }()

    @Test func tapHasPlanOkNotOkYamlAndSkip() {
        let lines = TAPReport(Self.report).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "TAP version 13")
        #expect(lines[1] == "1..3")
        #expect(lines[2] == "# note: a note")
        #expect(lines[3] == "ok 1 - public.saved · anon · select · fixture rows")
        #expect(lines[4] == "not ok 2 - public.saved · bob · select · fixture rows")
        #expect(lines[5] == "  ---")
        #expect(lines[6] == #"  expected: "bob""#)
        #expect(lines[7] == #"  actual: "alice+bob""#)
        #expect(
            lines.contains(
                #"ok 3 - public.saved · alice · delete · other's row # SKIP unverified: policy "mods no. delete" declares no expectation"#))
    }

    @Test func junitEscapesAndCounts() {
        let xml = JUnitReport(Self.report).text
        #expect(xml.contains(#"<testsuites name="rls check" tests="3" failures="1" errors="0" skipped="1" time="0.5">"#))
        #expect(xml.contains("peek &lt;&amp;&gt;"))
        #expect(!xml.contains("peek <&>"))
        #expect(xml.contains(#"<failure message="expected bob, got alice+bob" type="mismatch">"#))
    }

    @Test func jsonParsesWithVerdicts() throws {
        let data = Data(JSONReport(Self.report).text.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        let probes = try #require(object["probes"] as? [[String: Any]])
        #expect(probes.map { $0["verdict"] as? String } == ["pass", "mismatch", "unverified"])
        let actual = try #require(probes[1]["actual"] as? [String: Any])
        #expect(actual["rows"] as? [String] == ["alice", "bob"])
    }

    @Test func matrixMarksAndExplains() {
        let text = MatrixReport(Self.report).text
        #expect(text.contains("alice+bob ✗"))
        #expect(
            text.contains("  ✗ public.saved · bob · select\n      fixture rows: expected bob, got alice+bob\n      → policy \"peek <&>\""))
        #expect(text.hasSuffix("FAIL 3 probes on 1 tables: 1 passed, 1 mismatch, 1 unverified"))
    }
}
