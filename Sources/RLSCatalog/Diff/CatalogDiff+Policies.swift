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
        var bucketsLeft: Set<String> = []
        for policy in current.policies where !droppedTables.contains(policy.table) {
            if wanted[key(policy)] == nil || isAffected(by: policy.dependencies) {
                var sql = policy.dropSQL
                if wanted[key(policy)] == nil, let bucket = bucketNoLongerDeclared(owning: policy), bucketsLeft.insert(bucket).inserted {
                    sql = Self.bucketLeftInPlace(bucket) + "\n" + sql
                }
                add(.dropPolicy, Change(kind: .drop, object: .policy, name: policy.displayName, sql: sql))
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

extension CatalogDiff {
    /// The id of the bucket whose DSL policy `policy` is (`bucket_<id>_select` ...), when the database
    /// holds that bucket and the schema no longer declares it.
    func bucketNoLongerDeclared(owning policy: Catalog.Policy) -> String? {
        guard policy.isBucketPolicy, let declared = desired.environment.buckets.map({ Set($0.map(\.id)) }) else { return nil }
        return (current.environment.buckets ?? []).map(\.id).first { id in
            !declared.contains(id) && ["select", "insert", "update", "delete"].contains { policy.name == "bucket_\(id)_\($0)" }
        }
    }

    /// The comment above the first dropped policy of a bucket the schema no longer declares: the
    /// migration drops its policies and leaves the bucket, because Supabase refuses a plain `DELETE`
    /// on `storage.buckets` and the bucket's files live in the storage backend, not in the database.
    static func bucketLeftInPlace(_ id: String) -> String {
        let name = id.escapedForDisplay
        return """
            -- Bucket "\(name)" is no longer declared: its policies are dropped, the bucket and its files stay.
            -- To remove it, empty it and then delete it through the Storage API or the dashboard
            -- (Supabase refuses a direct DELETE on storage.buckets and storage.objects).
            """
    }
}
