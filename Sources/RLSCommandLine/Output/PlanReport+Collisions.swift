import RLSCatalog

extension PlanReport {
    /// `These files create 12 object(s) the database already holds ...`, with the way out.
    func printCollisions(to console: Console) {
        guard !collisions.isEmpty else { return }
        console.output("  These files create \(collisions.count) object(s) the database already holds; `rls apply` would fail on them:")
        for change in collisions.prefix(10) { console.output("    \(change.summary.escapedForDisplay)") }
        if collisions.count > 10 { console.output("    ... and \(collisions.count - 10) more") }
        let version = status.pending.count == 1 ? status.pending[0].version : "VERSION"
        console.output("  If the database already holds a file (such as the baseline `rls pull` wrote), record it without running it:")
        console.output("  rls apply --mark-applied \(version). Otherwise make the file create only what is missing.")
    }
}
