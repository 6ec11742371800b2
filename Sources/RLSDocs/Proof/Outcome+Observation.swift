import RLSCheck

extension Outcome {
    /// Whether what a probe observed is what this outcome says, for `caller`. Probes of the policies
    /// alone, hand-overs and hand-written policies are judged by the check's own expectation only.
    func agrees(with result: ProbeResult, as caller: Caller) -> Bool {
        guard result.probe.layer == .asDeployed else { return true }
        if case .handOver = result.probe.target { return true }
        let me = result.probe.persona.fixtureOwner
        switch (self, result.actual) {
        case (.custom, _), (.notApplicable, _): return true
        case (.refused, .deniedByGrant): return true
        case (.refused, _): return false
        case (_, .deniedByGrant): return false
        case (.allowed, .allowed): return true
        case (.allowed, .rows(let owners)):
            return caller == .rowOwner ? me.map(owners.contains) ?? false : owners == Set(FixtureOwner.allCases)
        case (.blocked, .filtered), (.blocked, .rejectedByCheck): return true
        case (.blocked, .rows(let owners)):
            return me.map { !owners.contains($0.other) } ?? owners.isEmpty
        default: return false
        }
    }
}
