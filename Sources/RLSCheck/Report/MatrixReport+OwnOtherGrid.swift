import RLSModel

/// A probe result shown in an own/other grid: a file action by whose folder it is in, a channel
/// action by whose row names the topic.
protocol OwnOtherResult {
    var persona: Persona { get }
    var actionName: String { get }
    /// Whose folder or topic the probe acted on.
    var owner: FixtureOwner { get }
    /// Done (true), refused (false) or neither (nil: an error, or not run).
    var allowed: Bool? { get }
    var observed: String { get }
    /// ``observed``, and for a mismatch the server's words where it gave any.
    var observedWithNote: String { get }
    var verdict: Verdict { get }
    var probeName: String { get }
    var expectedAllowed: Bool { get }
}

extension FileProbeResult: OwnOtherResult {
    var persona: Persona { probe.persona }
    var actionName: String { probe.action.rawValue }
    var owner: FixtureOwner { probe.folderOwner }
    var probeName: String { probe.name }
    var expectedAllowed: Bool { probe.expectedAllowed }
}

extension ChannelProbeResult: OwnOtherResult {
    var observedWithNote: String { observed }
    var persona: Persona { probe.persona }
    var actionName: String { probe.action.rawValue }
    var owner: FixtureOwner { probe.topicOwner }
    var probeName: String { probe.name }
    var expectedAllowed: Bool { probe.expectedAllowed }
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
    func ownOtherGrid(title: String, actions: [String], results: [some OwnOtherResult]) -> [String] {
        var personas: [Persona] = []
        for result in results where !personas.contains(result.persona) { personas.append(result.persona) }
        var rows: [[String]] = [[title] + personas.map(\.description)]
        for action in actions {
            rows.append(
                [action]
                    + personas.map { persona in
                        let own = persona.fixtureOwner
                        return results.filter { $0.persona == persona && $0.actionName == action }
                            .sorted { ($0.owner == own ? 0 : 1) < ($1.owner == own ? 0 : 1) }
                            .map { result in
                                let side = own == nil ? "\(result.owner)" : result.owner == own ? "own" : "other"
                                let word = result.verdict == .notRun ? "n/a" : result.allowed.map { $0 ? "yes" : "no" } ?? "error"
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
                "  \(result.verdict.mark) \(result.probeName): expected "
                    + "\(result.expectedAllowed ? "yes" : "no"), got \(result.observedWithNote)")
        }
        return lines
    }
}
