extension CatalogDiff {
    /// Policies: changed ones replaced; those reading a column that changes dropped before the
    /// change and created after it; policies on dropped tables go with their table. Undeclared
    /// policies on tables outside the managed schemas stay (``undeclaredPoliciesKept``).
    mutating func diffPolicies() {
        let key = { (policy: Catalog.Policy) in "\(policy.table)\u{1F}\(policy.name)" }
        let existing = Dictionary(uniqueKeysWithValues: current.policies.map { (key($0), $0) })
        let target = desired.policies + undeclaredPoliciesKept
        let wanted = Dictionary(uniqueKeysWithValues: target.map { (key($0), $0) })
        var dropped: Set<String> = []
        for policy in current.policies where !droppedTables.contains(policy.table) {
            if wanted[key(policy)] == nil || isAffected(by: policy.dependencies) {
                add(.dropPolicy, Change(kind: .drop, object: .policy, name: policy.displayName, sql: policy.dropSQL))
                dropped.insert(key(policy))
            }
        }
        for policy in target {
            let old = existing[key(policy)]
            if let old, !dropped.contains(key(policy)), !droppedTables.contains(policy.table) {
                guard old != policy else { continue }
                add(
                    .createPolicy,
                    Change(
                        kind: .alter, object: .policy, name: policy.displayName,
                        sql: old.dropSQL + "\n" + policy.createSQL))
                continue
            }
            let kind: Change.Kind = old == nil || droppedTables.contains(policy.table) ? .create : .alter
            add(.createPolicy, Change(kind: kind, object: .policy, name: policy.displayName, sql: policy.createSQL))
        }
    }
}
