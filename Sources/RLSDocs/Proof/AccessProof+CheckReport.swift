import RLSCheck
import RLSModel

extension AccessProof {
    /// The proof an `rls check` run gives. A cell is proven when every probe behind it ran and
    /// observed what the page says; failed when one observed something else or could not run;
    /// unverified when no probe decided it (a hand-written policy without expectations).
    ///
    /// Observations are compared with the page's own ``Outcome``, not only with the check's
    /// expectation, so the page cannot claim what the database did not do even if the two ever
    /// disagreed. Every mismatch and every probe not run that the check reports fails the proof, in a
    /// cell or in ``otherFailures``, as does every failed scenario: `rls docs` fails whenever `rls check` would.
    public init(_ report: CheckReport, schema: Schema, source: String) {
        let matrix = AccessMatrix(schema)
        var resultsByCell: [AccessCell: [CheckedProbe<Probe>]] = [:]
        for result in report.results {
            guard let table = schema.table(result.probe.table) else { continue }
            let hasOwner = matrix.ownerPath(of: table) != nil || matrix.membershipPath(of: table) != nil
            // Where an operation needs two-factor, alice (aal2) speaks for the page; elsewhere the usual sign-ins.
            let needsMFA = table.mfaOperations.contains(result.probe.operation)
            if case .user(let user) = result.probe.persona, (user.aal == "aal2") != needsMFA || user.isAnonymous { continue }
            for caller in Self.callers(of: result.probe, tableHasOwner: hasOwner) {
                resultsByCell[AccessCell(result.probe.table, caller, result.probe.operation), default: []].append(result)
            }
        }
        var statuses: [AccessCell: ProofStatus] = [:]
        var explained: Set<CheckedProbe<Probe>> = []
        for cell in matrix.provableCells {
            let results = resultsByCell[cell] ?? []
            let outcome = matrix.outcome(of: cell)
            let wrong = results.filter { result in
                outcome.judges(result) ? !outcome.agrees(with: result, as: cell.caller) : result.verdict.fails
            }
            if let first = wrong.first {
                statuses[cell] = .failed(reason: "\(first.probe.name) observed \(first.observed)")
                explained.formUnion(results.filter { $0.verdict.fails })
            } else if results.isEmpty || results.contains(where: { $0.verdict == .unverified }) {
                statuses[cell] = .unverified
            } else {
                statuses[cell] = .proven
            }
        }
        self.init(source: source, statuses: statuses)
        otherFailures =
            report.results.filter { $0.verdict.fails && !explained.contains($0) }.map {
                "rls check: \($0.probe.name): expected \($0.expected), observed \($0.observedText)"
            } + report.failedScenarios.map { "rls check: scenario \"\($0.scenario.name)\" failed" }
            + (report.files.filter { $0.verdict.fails } as [any ReportedProbe] + report.channels.filter { $0.verdict.fails }).map {
                "rls check: \($0.name): expected \($0.expectedText), observed \($0.observedText)"
            }
        for bucket in schema.buckets {
            let results = report.files.filter { $0.probe.bucket.id == bucket.id }
            if let wrong = results.first(where: { $0.verdict.fails }) {
                buckets[bucket.id] = .failed(reason: "\(wrong.probe.name) observed \(wrong.observedText)")
            } else if !results.isEmpty && results.allSatisfy({ $0.verdict == .pass }) {
                buckets[bucket.id] = .proven
            }
        }
    }

    /// The matrix cells a probe speaks for. A signed-in user's SELECT reads both users' fixture rows,
    /// so it proves the owner's cell (own row returned) and the other user's (other row hidden).
    static func callers(of probe: Probe, tableHasOwner: Bool) -> [Caller] {
        switch probe.persona {
        case .anon: return [.anyone]
        case .serviceRole: return [.serviceRole]
        case .user:
            // The extra group members and carol prove the check's finer cells, not the page's.
            guard let me = probe.persona.fixtureOwner else { return [] }
            guard tableHasOwner else { return [.signedInUser] }
            switch probe.target {
            case .fixtureRows: return [.signedInUser, .rowOwner]
            case .row(let owner): return owner == me ? [.rowOwner] : [.signedInUser]
            case .handOver: return [.signedInUser]
            case .column: return []  // column privileges are their own line on the page
            }
        }
    }
}
