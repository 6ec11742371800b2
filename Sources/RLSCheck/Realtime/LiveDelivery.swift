import RLSModel

/// Who receives a live table's changes: Realtime delivers a change to a subscriber exactly when
/// the subscriber may `select` the changed row, so this is the SELECT probe's outcome per persona.
public struct LiveDelivery: Sendable, Hashable {
    /// The live table.
    public var table: TableName
    /// Per persona, the fixture rows whose changes it would receive; nil when the probe failed.
    public var rows: [Persona: Set<FixtureOwner>?]

    /// Reads the deliveries of `table` from the SELECT probes of `results`.
    init(table: TableName, results: [CheckedProbe<Probe>]) {
        self.table = table
        var rows: [Persona: Set<FixtureOwner>?] = [:]
        for result in results
        where result.probe.table == table && result.probe.operation == .select && result.probe.layer == .asDeployed {
            if case .rows(let owners) = result.observed {
                rows[result.probe.persona] = owners
            } else if result.observed.refusal?.isMissingPrivilege == true {
                rows[result.probe.persona] = []
            } else {
                rows[result.probe.persona] = .some(nil)
            }
        }
        self.rows = rows
    }

    /// `alice receives changes to own and others' rows`, `anon receives no changes`.
    public func sentence(for persona: Persona) -> String {
        guard let entry = rows[persona], let owners = entry else { return "\(persona): not known (the read probe failed)" }
        let what: String
        if let me = persona.fixtureOwner {
            switch (owners.contains(me), owners.contains(me.other)) {
            case (true, true): what = "changes to own and others' rows"
            case (true, false): what = "changes to own rows only"
            case (false, true): what = "changes to others' rows only"
            case (false, false): what = "no changes"
            }
        } else {
            what =
                owners.count == FixtureOwner.allCases.count
                ? "changes to every row" : owners.isEmpty ? "no changes" : "changes to some rows"
        }
        return "\(persona) receives \(what)"
    }
}
