extension CheckReport {
    /// One note per reason that promised probes could not run, with how many and what would let them
    /// run: `anon could not be impersonated: 42501 permission denied to set role "anon"; 96 probes
    /// did not run, so the check fails. The connecting role must be able to become anon, as
    /// Supabase's postgres can: grant anon to it.`
    var notRunNotes: [String] {
        var reasons: [(reason: String, fix: String?, count: Int)] = []
        func add(_ reason: String, persona: Persona, grantRefused: Bool = false) {
            if let index = reasons.firstIndex(where: { $0.reason == reason }) {
                reasons[index].count += 1
                return
            }
            let role = persona.role
            let fix =
                reason.contains(ProbeRunner.notImpersonatedWords)
                ? "The connecting role must be able to become \(role), as Supabase's postgres can: grant \(role) to it."
                : grantRefused
                    ? "These are policies-only probes, which grant the table inside a savepoint: let the connecting role grant it, or run with --deployed-only to leave them out."
                    : nil
            reasons.append((reason, fix, 1))
        }
        for result in results where result.verdict == .notRun {
            if case .notRun(let reason) = result.actual {
                add(reason, persona: result.probe.persona, grantRefused: result.probe.layer == .policiesOnly)
            }
        }
        for result in channels where result.verdict == .notRun { add(result.error ?? "", persona: result.probe.persona) }
        for result in files where result.verdict == .notRun { add(result.error ?? "", persona: result.probe.persona) }
        return reasons.map { reason, fix, count in
            "\(reason); \(count) probe\(count == 1 ? "" : "s") did not run, so the check fails." + (fix.map { " " + $0 } ?? "")
        }
    }
}
