import RLSCheck
import RLSModel
import Testing

/// A table named with `# TODO` made TAP consumers count its failing probe as passing.
@Suite struct TAPEscapingTests {
    @Test func aHashInADescriptionIsEscapedSoAFailureStaysAFailure() {
        let probe = Probe(table: "public.x # TODO later", persona: .user(.bob), operation: .select, target: .fixtureRows)
        let failing = CheckedProbe(probe: probe, expected: .outcome(.rows([.bob])), observed: .rows([.alice, .bob]))
        let report = CheckReport(tables: ["public.saved"], results: [failing], scenarios: [], notes: [], seconds: 0.1)
        let lines = TAPReport(report).text.split(separator: "\n").map(String.init)
        let line = lines[2]
        #expect(line.hasPrefix("not ok 1 - "))
        #expect(line.contains(##"x \# TODO later"##), "\(line)")
        // A TAP parser splits the directive at the first unescaped " # ".
        #expect(line.range(of: #"(?<!\\)# TODO"#, options: .regularExpression) == nil, "\(line)")
    }
}
