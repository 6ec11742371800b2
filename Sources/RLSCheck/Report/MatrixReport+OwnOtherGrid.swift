import RLSModel

/// A probe shown in an own/other grid: a file action by whose folder it is in, a channel action by
/// whose row names the topic.
protocol OwnOtherProbe: ProbeSubject {
    var actionName: String { get }
    /// Whose folder or topic the probe acted on.
    var owner: FixtureOwner { get }
}

extension FileProbe: OwnOtherProbe {
    var actionName: String { action.rawValue }
    var owner: FixtureOwner { folderOwner }
}

extension ChannelProbe: OwnOtherProbe {
    var actionName: String { action.rawValue }
    var owner: FixtureOwner { topicOwner }
}

extension MatrixReport {
    /// One grid of personas × `actions`, the personas in the order `results` first name them: a cell
    /// reads `own:yes other:no` (own first), or `alice:no bob:no` for a persona who owns no rows;
    /// `error` or `n/a` (not run) where neither, and ``Verdict/mark`` after a probe that did not pass.
    /// Then a line for each probe that did not pass, with the server's words.
    ///
    /// ```text
    ///   room:<id>   anon               alice               bob                 service_role
    ///   receive     alice:no bob:no    own:yes other:no    own:yes other:no    alice:yes bob:yes
    /// ```
    func ownOtherGrid<Subject: OwnOtherProbe>(title: String, actions: [String], results: [CheckedProbe<Subject>]) -> [String] {
        var personas: [Persona] = []
        for result in results where !personas.contains(result.probe.persona) { personas.append(result.probe.persona) }
        var rows: [[String]] = [[title] + personas.map(\.description)]
        for action in actions {
            rows.append(
                [action]
                    + personas.map { persona in
                        let own = persona.fixtureOwner
                        return results.filter { $0.probe.persona == persona && $0.probe.actionName == action }
                            .sorted { ($0.probe.owner == own ? 0 : 1) < ($1.probe.owner == own ? 0 : 1) }
                            .map { result in
                                let side = own == nil ? "\(result.probe.owner)" : result.probe.owner == own ? "own" : "other"
                                let word =
                                    result.verdict == .notRun ? "n/a" : result.observed.permitted.map { $0 ? "yes" : "no" } ?? "error"
                                return "\(side):\(word)\(result.verdict.mark)"
                            }
                            .joined(separator: " ")
                    })
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            let padded = row.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }
            return ("  " + padded.joined(separator: "   ")).trailingSpacesRemoved
        }
        for result in results where result.verdict != .pass {
            lines.append(
                "  \(result.verdict.mark) \(result.probe.name): expected \(result.expected), got \(result.observedText)"
                    + (result.verdict == .mismatch ? result.note.map { " (\($0))" } ?? "" : ""))
        }
        return lines
    }
}
