import RLSModel

/// Who can do what on one database state: every ``AccessFact`` `rls check`'s probes observed, with
/// the rows each reaches. An adapter over ``CheckReport``, so new personas and probes of the check
/// show up here by naming their caller in ``caller(of:)``.
public struct AccessSnapshot: Sendable, Hashable {
    /// The rows each fact reaches; a fact missing or with no rows is access the caller lacks.
    public var facts: [AccessFact: Set<AccessRows>]
    /// Tables in schema order, so changes print in the order the schema declares them.
    public var tables: [TableName]
    /// What could not be compared, in words.
    public var notes: [String]
    /// Tables left out because their columns differ from the schema's: left out of the comparison on both sides.
    public var differing: [TableName] = []
    /// Facts a probe could not observe (it did not run, or the server answered another error): left
    /// out of the comparison on both sides, so they read as neither gained nor lost.
    public var unobserved: Set<AccessFact> = []
    /// For a group member's facts under a members plan, the group (`organisation`) whose rows the
    /// first fixture row stands for: `rows of their organisation`.
    public var groups: [AccessFact: String] = [:]
    /// The columns `anon` and `authenticated` may write per table and action (`INSERT`, `UPDATE`),
    /// in column order, from the catalog (``readWritableColumns(of:on:)``).
    public var columns: [AccessFact: [String]] = [:]

    /// Creates a snapshot.
    public init(facts: [AccessFact: Set<AccessRows>] = [:], tables: [TableName] = [], notes: [String] = []) {
        self.facts = facts
        self.tables = tables
        self.notes = notes
    }

    /// Reads a check report: the as-deployed probes (grants and policies together, as the API meets
    /// them), the private-channel probes and the storage probes (per bucket and folder).
    public init(_ report: CheckReport) {
        self.init(tables: report.tables, notes: [])
        for result in report.results where result.probe.layer == .asDeployed {
            let probe = result.probe
            guard let caller = Self.caller(of: probe.persona) else { continue }
            var object = probe.table.description
            if case .column(let column, _) = probe.target { object += "." + column }
            let fact = AccessFact(object: object, table: probe.table, caller: caller, action: probe.operation.rawValue.uppercased())
            let rows = Self.rows(reached: result.observed, target: probe.target, by: probe.persona)
            if case .notRun(let reason) = result.observed {
                unobserve(fact, because: reason)
                continue
            }
            facts[fact, default: []].formUnion(rows)
        }
        for result in report.channels {
            guard let caller = Self.caller(of: result.probe.persona) else { continue }
            let probe = result.probe
            let fact = AccessFact(
                object: "channel \"\(probe.channel.prefix)\" of \(probe.table)", table: probe.table, caller: caller,
                action: probe.action.rawValue)
            guard let allowed = result.observed.permitted else {
                unobserve(fact, because: result.observedText)
                continue
            }
            facts[fact, default: []].formUnion(allowed ? [Self.side(probe.topicOwner, for: probe.persona)] : [])
        }
        for result in report.files {
            guard let caller = Self.caller(of: result.probe.persona) else { continue }
            let probe = result.probe
            let fact = AccessFact(
                object: "files of bucket \"\(probe.bucket.id)\"", table: TableName(schema: "storage", name: "objects"),
                caller: caller, action: probe.action.rawValue)
            guard let allowed = result.observed.permitted else {
                unobserve(fact, because: result.observedText)
                continue
            }
            facts[fact, default: []].formUnion(allowed ? [Self.side(probe.folderOwner, for: probe.persona)] : [])
        }
    }

    /// Leaves `fact` out of the comparison, with one note per caller and reason.
    private mutating func unobserve(_ fact: AccessFact, because reason: String) {
        unobserved.insert(fact)
        let note = "\(fact.caller)'s access was not compared where its probes observed nothing: \(reason)"
        if !notes.contains(note) { notes.append(note) }
    }

    /// The caller a persona stands for: its database role for anon, the service role and alice;
    /// the second user mirrors the first, so bob speaks for nobody; the other sign-ins `rls check`
    /// adds (group members, carol, two-factor, anonymous, app roles) by their name:
    /// `authenticated (carol)`.
    static func caller(of persona: Persona) -> String? {
        switch persona {
        case .user(let user) where user == .alice: Role.authenticated.name
        case .user(let user) where user == .bob: nil
        case .user(let user): "authenticated (\(user.name))"
        case .anon, .serviceRole: persona.role
        }
    }

    /// The rows a probe's outcome shows the persona reaches.
    static func rows(reached outcome: Observation, target: ProbeTarget, by persona: Persona) -> Set<AccessRows> {
        switch (outcome, target) {
        case (.rows(let owners), _): Set(owners.map { side($0, for: persona) })
        case (.allowed, .row(let owner)): [side(owner, for: persona)]
        case (.allowed, .handOver(let from, _)): from == persona.fixtureOwner ? [.handOver] : []
        case (.allowed, .column(_, let owner)): [side(owner, for: persona)]
        default: []
        }
    }

    /// A fixture row from the persona's point of view.
    static func side(_ owner: FixtureOwner, for persona: Persona) -> AccessRows {
        guard let me = persona.fixtureOwner else { return owner == .alice ? .first : .second }
        return owner == me ? .own : .others
    }
}
