import RLSModel

/// Everything one `rls check` observed: every probe with its expectation, every scenario, and notes
/// about what was checked. Formatted by ``MatrixReport``, ``TAPReport``, ``JUnitReport`` and ``JSONReport``.
public struct CheckReport: Sendable {
    /// The probed tables, in schema order.
    public var tables: [TableName]
    /// One result per probe, grouped by table, persona, operation.
    public var results: [CheckedProbe<Probe>]
    /// One result per scenario, in declaration order.
    public var scenarios: [ScenarioResult]
    /// What was checked and how, such as "built from Migrations/ (3 files)".
    public var notes: [String]
    /// Wall-clock seconds the check took.
    public var seconds: Double
    /// Each table's declared plans in words (`select: any signed-in user; insert, update, delete: ...`).
    public var plans: [TableName: String] = [:]
    /// The tables Realtime pushes changes of, in schema order.
    public var liveTables: [TableName] = []
    /// One result per private-channel probe.
    public var channels: [CheckedProbe<ChannelProbe>] = []
    /// One result per storage probe (bucket × persona × upload/read/overwrite/delete × folder).
    public var files: [CheckedProbe<FileProbe>] = []
    /// The personas probed, in report order (anon, alice, bob, any group members and carol, service_role).
    public var personas: [Persona] = Persona.checked
    /// How many table probes each connection ran: the first, then the others (`rls check
    /// --connections`); a probe run again on the first connection after a lock wait counts on both.
    public var probesByConnection: [Int] = []

    /// Creates a report.
    public init(tables: [TableName], results: [CheckedProbe<Probe>], scenarios: [ScenarioResult], notes: [String] = [], seconds: Double = 0)
    {
        self.tables = tables
        self.results = results
        self.scenarios = scenarios
        self.notes = notes
        self.seconds = seconds
    }

    /// Probes that observed something other than promised.
    public var mismatches: [CheckedProbe<Probe>] { results.filter { $0.verdict == .mismatch } }
    /// Probes with a promise that could not run: nothing was proven, so the check fails.
    public var notRun: [CheckedProbe<Probe>] { results.filter { $0.verdict == .notRun } }
    /// Probes nobody promised anything about (a hand-written policy without expectations).
    public var unverified: [CheckedProbe<Probe>] { results.filter { $0.verdict == .unverified } }
    /// Scenarios with a failing step.
    public var failedScenarios: [ScenarioResult] { scenarios.filter { !$0.passed } }

    /// True when nothing mismatched and every promise was tested: `rls check` exits 0.
    public var passed: Bool {
        !everyProbe.contains { $0.verdict.fails } && failedScenarios.isEmpty
    }

    /// Every probe of every kind, as the text reports read them: tables, then channels, then files.
    public var everyProbe: [any ReportedProbe] { results + channels + files }

    /// Who receives each live table's changes, from the SELECT probes.
    public var liveDeliveries: [LiveDelivery] {
        liveTables.map { LiveDelivery(table: $0, results: results) }
    }

    /// The results for one table: a pass over every result, so a report of every table reads
    /// ``resultsByTable`` instead.
    public func results(for table: TableName) -> [CheckedProbe<Probe>] { results.filter { $0.probe.table == table } }

    /// The results grouped by table, in their order: one pass. Filtering all of them for each table
    /// took the text report of a 1,000-table check half a second.
    public var resultsByTable: [TableName: [CheckedProbe<Probe>]] { Dictionary(grouping: results, by: \.probe.table) }

    /// `52 probes on 3 tables: 50 passed, 1 mismatch, 1 unverified; 3 of 3 scenarios passed`, with
    /// `, 4 not run` after the mismatches when promised probes could not run; channel and storage
    /// probes in the same words (`160 storage probes: 128 passed, 32 mismatches`), each count of
    /// every kind read by the one verdict function.
    public var summary: String {
        var text =
            "\(results.count) probes on \(tables.count) tables: " + Self.counts(results.map(\.verdict), alwaysUnverified: true)
        if !channels.isEmpty {
            text += "; \(channels.count) channel probes: " + Self.counts(channels.map(\.verdict))
        }
        if !files.isEmpty {
            text += "; \(files.count) storage probes: " + Self.counts(files.map(\.verdict))
        }
        if !scenarios.isEmpty {
            text += "; \(scenarios.count - failedScenarios.count) of \(scenarios.count) scenarios passed"
        }
        return text
    }

    /// `128 passed, 32 mismatches`, then `, 4 not run` and `, 1 unverified` where there are any (the
    /// unverified count always with `alwaysUnverified`, as the table probes' summary has it).
    public static func counts(_ verdicts: [Verdict], alwaysUnverified: Bool = false) -> String {
        func count(_ verdict: Verdict) -> Int { verdicts.filter { $0 == verdict }.count }
        let mismatches = count(.mismatch)
        var text = "\(count(.pass)) passed, \(mismatches) mismatch\(mismatches == 1 ? "" : "es")"
        if count(.notRun) > 0 { text += ", \(count(.notRun)) not run" }
        if alwaysUnverified || count(.unverified) > 0 { text += ", \(count(.unverified)) unverified" }
        return text
    }
}
