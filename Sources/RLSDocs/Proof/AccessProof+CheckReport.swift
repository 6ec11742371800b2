import RLSCheck
import RLSModel

extension AccessProof {
    /// The proof an `rls check` run gives: each cell is proven when every probe behind it passed and
    /// observed what the page says, failed when any did not, unverified when no probe could decide it.
    ///
    /// The observation is compared with the page's own ``Outcome`` as well as with the check's
    /// expectation, so the page cannot claim what the database did not do even if the two ever disagree.
    /// Failed scenarios fail the proof too (``otherFailures``).
    public init(_ report: CheckReport, schema: Schema, source: String) {
        let matrix = AccessMatrix(schema)
        var resultsByCell: [AccessCell: [ProbeResult]] = [:]
        for result in report.results {
            guard let table = schema.table(result.probe.table) else { continue }
            for caller in Self.callers(of: result.probe, tableHasOwner: matrix.ownerPath(of: table) != nil) {
                resultsByCell[AccessCell(result.probe.table, caller, result.probe.operation), default: []].append(result)
            }
        }
        var statuses: [AccessCell: ProofStatus] = [:]
        for cell in matrix.provableCells {
            let results = resultsByCell[cell] ?? []
            let outcome = matrix.outcome(of: cell)
            if let mismatch = results.first(where: { $0.verdict == .mismatch }) {
                statuses[cell] = .failed(reason: "rls check expected \(mismatch.expected) and observed \(mismatch.actual) (\(mismatch.probe.name))")
            } else if let contradiction = results.first(where: { $0.verdict == .pass && !outcome.agrees(with: $0, as: cell.caller) }) {
                statuses[cell] = .failed(reason: "rls check observed \(contradiction.actual) (\(contradiction.probe.name))")
            } else if results.isEmpty || results.contains(where: { $0.verdict == .unverified }) {
                statuses[cell] = .unverified
            } else {
                statuses[cell] = .proven
            }
        }
        self.init(source: source, statuses: statuses)
        otherFailures = report.failedScenarios.map { "scenario \"\($0.scenario.name)\" failed" }
    }

    /// The matrix cells a probe speaks for. A signed-in user's SELECT reads both users' fixture rows,
    /// so it proves the owner's cell (own row returned) and the other user's (other row hidden).
    static func callers(of probe: Probe, tableHasOwner: Bool) -> [Caller] {
        switch probe.persona {
        case .anon: return [.anyone]
        case .serviceRole: return [.serviceRole]
        case .user:
            guard tableHasOwner, let me = probe.persona.fixtureOwner else { return [.signedInUser] }
            switch probe.target {
            case .fixtureRows: return [.signedInUser, .rowOwner]
            case .row(let owner): return owner == me ? [.rowOwner] : [.signedInUser]
            case .handOver: return [.signedInUser]
            }
        }
    }
}
