import RLSCheck

extension Outcome {
    /// Whether this outcome says enough to judge the probe's observation by itself. Probes of the
    /// policies alone, hand-overs and hand-written policies are judged by the check's expectation.
    func judges(_ result: CheckedProbe<Probe>) -> Bool {
        guard result.probe.layer == .asDeployed, result.verdict != .unverified, result.verdict != .notRun else { return false }
        if case .handOver = result.probe.target { return false }
        if case .column = result.probe.target { return false }
        switch self {
        case .custom, .notApplicable: return false
        case .allowed, .refused, .blocked: return true
        }
    }

    /// Whether what a probe observed is what this outcome says, for `caller`.
    func agrees(with result: CheckedProbe<Probe>, as caller: Caller) -> Bool {
        let me = result.probe.persona.fixtureOwner
        switch (self, result.observed) {
        case (.refused, .refused(let refusal)) where refusal.isMissingPrivilege: return true
        case (.allowed, .allowed): return true
        case (.allowed, .rows(let owners)):
            // The owner must get their own row; everyone else every fixture row.
            return caller == .rowOwner ? me.map(owners.contains) ?? false : owners == Set(FixtureOwner.allCases)
        case (.blocked, .refused(.rowFilter)), (.blocked, .refused(.withCheck)): return true
        case (.blocked, .rows(let owners)):
            // Another user's row stays hidden.
            return me.map { !owners.contains($0.other) } ?? owners.isEmpty
        default: return false
        }
    }
}
