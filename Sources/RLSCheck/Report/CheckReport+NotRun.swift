extension CheckReport {
    /// One note per reason that promised probes could not run, with how many and what would let them
    /// run: `anon could not be impersonated: 42501 permission denied to set role "anon"; 96 probes
    /// did not run, so the check fails. The connecting role must be able to become anon, as
    /// Supabase's postgres can: grant anon to it.` Personas refused the same role share one note
    /// (`alice, bob, carol could not be impersonated: …`).
    var notRunNotes: [String] {
        struct Reason {
            var personas: [String]
            /// The server's words, after the persona's name for an impersonation.
            var words: String
            var fix: String?
            var count: Int
        }
        var reasons: [String: Reason] = [:]
        var order: [String] = []
        func add(_ reason: String, persona: Persona, grantRefused: Bool = false) {
            let role = persona.role
            let prefix = "\(persona) \(ProbeRunner.notImpersonatedWords) "
            let impersonation = reason.hasPrefix(prefix)
            let words = impersonation ? String(reason.dropFirst(prefix.count)) : reason
            let key = impersonation ? "\(role)\u{1F}\(words)" : reason
            if reasons[key] == nil {
                order.append(key)
                let fix =
                    impersonation
                    ? "The connecting role must be able to become \(role), as Supabase's postgres can: grant \(role) to it."
                    : grantRefused
                        ? "These are policies-only probes, which grant the table inside a savepoint: let the connecting role grant it, or run with --deployed-only to leave them out."
                        : nil
                reasons[key] = Reason(personas: [], words: words, fix: fix, count: 0)
            }
            reasons[key]!.count += 1
            if impersonation, !reasons[key]!.personas.contains(persona.description) { reasons[key]!.personas.append(persona.description) }
        }
        func addEach<Subject>(_ results: [CheckedProbe<Subject>], grantRefused: (CheckedProbe<Subject>) -> Bool) {
            for result in results where result.verdict == .notRun {
                if case .notRun(let reason) = result.observed {
                    add(reason, persona: result.probe.persona, grantRefused: grantRefused(result))
                }
            }
        }
        addEach(results) { $0.probe.layer == .policiesOnly }
        addEach(channels) { _ in false }
        addEach(files) { _ in false }
        return order.compactMap { reasons[$0] }.map { reason in
            let what =
                reason.personas.isEmpty
                ? reason.words
                : "\(reason.personas.joined(separator: ", ")) \(ProbeRunner.notImpersonatedWords) \(reason.words)"
            return "\(what); \(reason.count) probe\(reason.count == 1 ? "" : "s") did not run, so the check fails."
                + (reason.fix.map { " " + $0 } ?? "")
        }
    }
}
