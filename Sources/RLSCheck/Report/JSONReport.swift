/// The machine-readable report (`rls check --format json`): every probe with its expected and
/// actual outcome, verdict and explanation, and every scenario step. Keys keep a fixed order.
///
/// ```json
/// { "passed": false, "summary": "...", "probes": [ { "table": "public.saved", "persona": "bob",
///   "operation": "select", "expected": { "kind": "rows", "rows": ["bob"] }, "verdict": "mismatch", ... } ] }
/// ```
public struct JSONReport {
    /// The report to format.
    public let report: CheckReport

    /// Formats `report`.
    public init(_ report: CheckReport) { self.report = report }

    /// The JSON document, pretty-printed.
    public var text: String {
        JSONValue.object([
            ("passed", .bool(report.passed)),
            ("summary", .string(report.summary)),
            ("seconds", .number(report.seconds)),
            ("notes", .array(report.notes.map(JSONValue.string))),
            ("probes", .array(report.results.map(probe))),
            ("scenarios", .array(report.scenarios.map(scenario))),
            ("live", .array(report.liveDeliveries.map(Self.live))),
            ("channels", .array(report.channels.map(Self.channel))),
            ("files", .array(report.files.map(Self.file))),
        ]).text() + "\n"
    }

    /// `{ "table": "public.listing", "receives": { "anon": "anon receives no changes", ... } }`.
    private static func live(_ delivery: LiveDelivery) -> JSONValue {
        .object([
            ("table", .string(delivery.table.description)),
            ("receives", .object(Persona.checked.map { ($0.description, .string(delivery.sentence(for: $0))) })),
        ])
    }

    /// One channel probe: channel, persona, action, topic, expected and observed.
    private static func channel(_ result: ChannelProbeResult) -> JSONValue {
        .object([
            ("channel", .string(result.probe.channel.prefix)),
            ("table", .string(result.probe.table.description)),
            ("persona", .string(result.probe.persona.description)),
            ("action", .string(result.probe.action.rawValue)),
            ("topic", .string(result.probe.topicDescription)),
            ("expected_allowed", .bool(result.probe.expectedAllowed)),
            ("allowed", result.allowed.map(JSONValue.bool) ?? .null),
            ("verdict", .string(result.verdict.rawValue)),
        ])
    }

    /// One storage probe: bucket, persona, action, folder, expected and observed.
    private static func file(_ result: FileProbeResult) -> JSONValue {
        .object([
            ("bucket", .string(result.probe.bucket.id)),
            ("persona", .string(result.probe.persona.description)),
            ("action", .string(result.probe.action.rawValue)),
            ("folder", .string(result.probe.folderDescription)),
            ("expected_allowed", .bool(result.probe.expectedAllowed)),
            ("allowed", result.allowed.map(JSONValue.bool) ?? .null),
            ("verdict", .string(result.verdict.rawValue)),
            ("error", result.error.map(JSONValue.string) ?? .null),
            ("note", result.note.map(JSONValue.string) ?? .null),
        ])
    }

    private func probe(_ result: ProbeResult) -> JSONValue {
        let probe = result.probe
        let expected: JSONValue =
            switch result.expected {
            case .outcome(let outcome): Self.outcome(outcome)
            case .unverified(let reason): .object([("kind", .string("unverified")), ("reason", .string(reason))])
            }
        return .object([
            ("table", .string(probe.table.description)),
            ("persona", .string(probe.persona.description)),
            ("role", .string(probe.persona.role)),
            ("operation", .string(probe.operation.rawValue)),
            ("target", .string(probe.target.description)),
            ("layer", .string(probe.layer.rawValue)),
            ("expected", expected),
            ("actual", Self.outcome(result.actual)),
            ("verdict", .string(result.verdict.rawValue)),
            ("note", result.note.map(JSONValue.string) ?? .null),
            ("explanation", .array(result.explanation.map(JSONValue.string))),
        ])
    }

    static func outcome(_ outcome: ProbeOutcome) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("kind", .string(outcome.kind))]
        switch outcome {
        case .rows(let owners): pairs.append(("rows", .array(owners.sorted().map { .string($0.rawValue) })))
        case .error(let state, let message): pairs += [("sqlstate", .string(state)), ("message", .string(message))]
        case .notRun(let reason): pairs.append(("reason", .string(reason)))
        default: break
        }
        return .object(pairs)
    }

    private func scenario(_ result: ScenarioResult) -> JSONValue {
        .object([
            ("name", .string(result.scenario.name)),
            ("source", .string(result.scenario.source.description)),
            ("passed", .bool(result.passed)),
            (
                "steps",
                .array(
                    result.steps.map { step in
                        .object([
                            ("persona", .string(step.step.persona.rawValue)),
                            ("sql", .string(step.step.action.sql.text)),
                            ("expected", .string(step.step.action.expectation.description)),
                            ("observed", .string(step.observed)),
                            ("verdict", .string(step.verdict.rawValue)),
                            ("source", .string(step.step.action.source.description)),
                        ])
                    })
            ),
        ])
    }
}
