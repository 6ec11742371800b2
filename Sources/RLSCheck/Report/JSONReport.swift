import RLSJSON

/// The machine-readable report (`rls check --format json`): every probe with its expected and
/// actual outcome, verdict and explanation, and every scenario step. Keys keep a fixed order: the
/// document is an `Encodable` value (``Document``) written by ``OrderedJSONEncoder``.
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
        // Every value below encodes only strings, numbers, booleans, arrays and objects, which the
        // encoder cannot refuse.
        (try! OrderedJSONEncoder.value(Document(report))).text() + "\n"
    }

    /// The whole document, keys in the order declared.
    struct Document: Encodable {
        var passed: Bool
        var summary: String
        var seconds: Double
        var notes: [String]
        var probes: [ProbeEntry]
        var scenarios: [ScenarioEntry]
        var live: [LiveEntry]
        var channels: [AnswerEntry]
        var files: [AnswerEntry]

        init(_ report: CheckReport) {
            passed = report.passed
            summary = report.summary
            seconds = report.seconds
            notes = report.notes
            probes = report.results.map(ProbeEntry.init)
            scenarios = report.scenarios.map(ScenarioEntry.init)
            live = report.liveDeliveries.map(LiveEntry.init)
            channels = report.channels.map { result in
                AnswerEntry(
                    [
                        ("channel", result.probe.channel.prefix), ("table", result.probe.table.description),
                        ("persona", result.probe.persona.description), ("action", result.probe.action.rawValue),
                        ("topic", result.probe.topicDescription),
                    ], result, expected: result.probe.expectedAllowed)
            }
            files = report.files.map { result in
                AnswerEntry(
                    [
                        ("bucket", result.probe.bucket.id), ("persona", result.probe.persona.description),
                        ("action", result.probe.action.rawValue), ("folder", result.probe.folderDescription),
                    ], result, expected: result.probe.expectedAllowed)
            }
        }
    }

    /// `{ "table": "public.listing", "receives": { "anon": "anon receives no changes", ... } }`.
    struct LiveEntry: Encodable {
        var table: String
        var receives: OrderedStrings

        init(_ delivery: LiveDelivery) {
            table = delivery.table.description
            receives = OrderedStrings(pairs: Persona.checked.map { ($0.description, delivery.sentence(for: $0)) })
        }
    }

    /// One channel or storage probe: what names it (channel, table, persona, action, topic; or
    /// bucket, persona, action, folder), then what it promised and observed: `expected_allowed`,
    /// `allowed` (null for an error or a probe not run), `observed`, `verdict`, `note`.
    struct AnswerEntry: Encodable {
        var names: OrderedStrings
        var expectedAllowed: Bool
        var allowed: Bool?
        var observed: Outcome
        var verdict: String
        var note: String?

        init(_ names: [(String, String)], _ result: CheckedProbe<some ProbeSubject>, expected: Bool) {
            self.names = OrderedStrings(pairs: names)
            expectedAllowed = expected
            allowed = result.observed.permitted
            observed = Outcome(result.observed)
            verdict = result.verdict.rawValue
            note = result.note
        }

        private enum CodingKeys: String, CodingKey {
            case expectedAllowed = "expected_allowed"
            case allowed, observed, verdict, note
        }

        func encode(to encoder: any Encoder) throws {
            try names.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(expectedAllowed, forKey: .expectedAllowed)
            try container.encodeIfPresent(allowed, forKey: .allowed)
            try container.encode(observed, forKey: .observed)
            try container.encode(verdict, forKey: .verdict)
            try container.encodeIfPresent(note, forKey: .note)
        }
    }

    /// One table probe.
    struct ProbeEntry: Encodable {
        var table: String
        var persona: String
        var role: String
        var operation: String
        var target: String
        var layer: String
        var expected: Expected
        var actual: Outcome
        var verdict: String
        var note: String?
        var explanation: [String]

        init(_ result: CheckedProbe<Probe>) {
            let probe = result.probe
            table = probe.table.description
            persona = probe.persona.description
            role = probe.persona.role
            operation = probe.operation.rawValue
            target = probe.target.description
            layer = probe.layer.rawValue
            expected = Expected(result.expected)
            actual = Outcome(result.observed)
            verdict = result.verdict.rawValue
            note = result.note
            explanation = result.explanation
        }
    }

    /// What a table probe expected: an outcome, allowed or refused, a scenario step, or unverified.
    struct Expected: Encodable {
        var expectation: Expectation

        init(_ expectation: Expectation) { self.expectation = expectation }

        private enum CodingKeys: String, CodingKey { case kind, step, reason }

        func encode(to encoder: any Encoder) throws {
            if case .outcome(let outcome) = expectation { return try Outcome(outcome).encode(to: encoder) }
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch expectation {
            case .outcome: break
            case .permitted(let yes): try container.encode(yes ? "allowed" : "refused", forKey: .kind)
            case .step(let expectation):
                try container.encode("step", forKey: .kind)
                try container.encode(expectation.description, forKey: .step)
            case .unverified(let reason):
                try container.encode("unverified", forKey: .kind)
                try container.encode(reason, forKey: .reason)
            }
        }
    }

    /// `{ "kind": "denied_by_grant", "refused_by": "column_privilege", "privilege": "UPDATE", "column": "credits", "sqlstate": "42501" }`.
    struct Outcome: Encodable {
        var observation: Observation

        init(_ observation: Observation) { self.observation = observation }

        private enum CodingKeys: String, CodingKey {
            case kind, rows, count, first
            case refusedBy = "refused_by"
            case privilege, column, schema, function, sqlstate, message, reason
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(observation.kind, forKey: .kind)
            switch observation {
            case .rows(let owners): try container.encode(owners.sorted().map(\.rawValue), forKey: .rows)
            case .allowed: break
            case .returned(let count, let first):
                try container.encode(count, forKey: .count)
                try container.encodeIfPresent(first, forKey: .first)
            case .refused(let refusal):
                try container.encode(refusal.cause, forKey: .refusedBy)
                switch refusal {
                case .tablePrivilege(let privilege?): try container.encode(privilege, forKey: .privilege)
                case .columnPrivilege(let privilege, let column):
                    try container.encode(privilege, forKey: .privilege)
                    try container.encode(column, forKey: .column)
                case .schemaUsage(let schema?): try container.encode(schema, forKey: .schema)
                case .trigger(let function): try container.encode(function, forKey: .function)
                default: break
                }
                if let state = refusal.sqlState { try container.encode(state.rawValue, forKey: .sqlstate) }
            case .failed(let state, let message):
                try container.encode(state?.rawValue ?? "", forKey: .sqlstate)
                try container.encode(message, forKey: .message)
            case .notRun(let reason): try container.encode(reason, forKey: .reason)
            }
        }
    }

    /// One scenario and its steps.
    struct ScenarioEntry: Encodable {
        var name: String
        var source: String
        var passed: Bool
        var steps: [Step]

        struct Step: Encodable {
            var persona: String
            var sql: String
            var expected: String
            var observed: String
            var verdict: String
            var source: String
        }

        init(_ result: ScenarioResult) {
            name = result.scenario.name
            source = result.scenario.source.description
            passed = result.passed
            steps = result.steps.map { step in
                Step(
                    persona: step.step.persona.rawValue, sql: step.step.action.sql.text,
                    expected: step.step.action.expectation.description, observed: step.observedText,
                    verdict: step.verdict.rawValue, source: step.step.action.source.description)
            }
        }
    }

    /// String values under keys known only at run time (persona names), in the order given.
    struct OrderedStrings: Encodable {
        var pairs: [(String, String)]

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in pairs { try container.encode(value, forKey: Key(stringValue: key)) }
        }
    }
}
