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
    private static func channel(_ result: CheckedProbe<ChannelProbe>) -> JSONValue {
        .object(
            [
                ("channel", .string(result.probe.channel.prefix)),
                ("table", .string(result.probe.table.description)),
                ("persona", .string(result.probe.persona.description)),
                ("action", .string(result.probe.action.rawValue)),
                ("topic", .string(result.probe.topicDescription)),
            ] + answer(result, expected: result.probe.expectedAllowed))
    }

    /// What a yes-or-no probe promised and observed: `expected_allowed`, `allowed` (null for an error
    /// or a probe not run), `observed`, `verdict`, `note`.
    private static func answer(_ result: CheckedProbe<some ProbeSubject>, expected: Bool) -> [(String, JSONValue)] {
        [
            ("expected_allowed", .bool(expected)),
            ("allowed", result.observed.permitted.map(JSONValue.bool) ?? .null),
            ("observed", outcome(result.observed)),
            ("verdict", .string(result.verdict.rawValue)),
            ("note", result.note.map(JSONValue.string) ?? .null),
        ]
    }

    /// One storage probe: bucket, persona, action, folder, expected and observed.
    private static func file(_ result: CheckedProbe<FileProbe>) -> JSONValue {
        .object(
            [
                ("bucket", .string(result.probe.bucket.id)),
                ("persona", .string(result.probe.persona.description)),
                ("action", .string(result.probe.action.rawValue)),
                ("folder", .string(result.probe.folderDescription)),
            ] + answer(result, expected: result.probe.expectedAllowed))
    }

    private func probe(_ result: CheckedProbe<Probe>) -> JSONValue {
        let probe = result.probe
        let expected: JSONValue =
            switch result.expected {
            case .outcome(let outcome): Self.outcome(outcome)
            case .permitted(let yes): .object([("kind", .string(yes ? "allowed" : "refused"))])
            case .step(let expectation): .object([("kind", .string("step")), ("step", .string(expectation.description))])
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
            ("actual", Self.outcome(result.observed)),
            ("verdict", .string(result.verdict.rawValue)),
            ("note", result.note.map(JSONValue.string) ?? .null),
            ("explanation", .array(result.explanation.map(JSONValue.string))),
        ])
    }

    /// `{ "kind": "denied_by_grant", "refused_by": "column_privilege", "privilege": "UPDATE", "column": "credits", "sqlstate": "42501" }`.
    static func outcome(_ outcome: Observation) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("kind", .string(outcome.kind))]
        switch outcome {
        case .rows(let owners): pairs.append(("rows", .array(owners.sorted().map { .string($0.rawValue) })))
        case .allowed: break
        case .returned(let count, let first): pairs += [("count", .integer(count)), ("first", first.map(JSONValue.string) ?? .null)]
        case .refused(let refusal):
            pairs.append(("refused_by", .string(refusal.cause)))
            switch refusal {
            case .tablePrivilege(let privilege?): pairs.append(("privilege", .string(privilege)))
            case .columnPrivilege(let privilege, let column): pairs += [("privilege", .string(privilege)), ("column", .string(column))]
            case .schemaUsage(let schema?): pairs.append(("schema", .string(schema)))
            case .trigger(let function): pairs.append(("function", .string(function)))
            default: break
            }
            if let state = refusal.sqlState { pairs.append(("sqlstate", .string(state.rawValue))) }
        case .failed(let state, let message): pairs += [("sqlstate", .string(state?.rawValue ?? "")), ("message", .string(message))]
        case .notRun(let reason): pairs.append(("reason", .string(reason)))
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
                            ("observed", .string(step.observedText)),
                            ("verdict", .string(step.verdict.rawValue)),
                            ("source", .string(step.step.action.source.description)),
                        ])
                    })
            ),
        ])
    }
}
