/// One cell of the matrix: a persona's outcomes for one operation on one table, in a few words.
struct MatrixCell {
    let results: [CheckedProbe<Probe>]

    /// `denied`, `alice+bob`, `own:yes other:rls hand-over:check`, with ``Verdict/mark`` for the worst probe that did not pass.
    var text: String {
        let deployed = results.filter { $0.probe.layer == .asDeployed }
        let words = deployed.map(\.observed.word)
        var text: String
        if Set(words).count == 1 {
            text = words[0]
        } else {
            text = deployed.map { "\(Self.label($0.probe)):\($0.observed.word)" }.joined(separator: " ")
        }
        let rlsOnly = results.filter { $0.probe.layer == .policiesOnly && $0.verdict == .mismatch }
        if !rlsOnly.isEmpty {
            text += " (policies only: " + Set(rlsOnly.map(\.observed.word)).sorted().joined(separator: ",") + ")"
        }
        let worst = Verdict.worst(of: results.map(\.verdict))
        return worst == .pass ? text : text + " " + worst.mark
    }

    /// `own`, `other`, `hand-over`, or `alice`/`bob` for personas without rows of their own.
    static func label(_ probe: Probe) -> String {
        let me = probe.persona.fixtureOwner
        switch probe.target {
        case .fixtureRows: return "rows"
        case .row(let owner): return me == nil ? owner.description : owner == me ? "own" : "other"
        case .handOver(let from, _): return me == nil ? "\(from)→" : "hand-over"
        case .column(let column, _): return column
        }
    }
}
