extension Schema {
    /// The declared bucket with this id.
    public func bucket(_ id: String) -> Bucket? {
        buckets.first { $0.id == id }
    }

    /// The plans `.rowFolder(...)` storage plans apply to rows of their tables, each with its table:
    /// they need the same membership helpers and owner paths as the table's own plans.
    var bucketRowPlans: [(table: Table, plan: AccessPlan)] {
        buckets.flatMap { bucket in
            Operation.allCases.flatMap { operation -> [(table: Table, plan: AccessPlan)] in
                guard case .rowFolder(let name, let plans) = bucket.access[operation], let table = table(name) else { return [] }
                return plans.map { (table, $0) }
            }
        }
    }
}
