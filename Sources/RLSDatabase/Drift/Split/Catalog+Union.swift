import RLSCatalog

extension Catalog {
    /// The catalog of one database holding what the two databases of a ``DesiredSplit`` hold: every
    /// object of either. Nil when the two cannot be the halves of one database: an object both hold
    /// (made by a statement both scripts ran) differs between them, anything else differs (default
    /// privileges, memberships, extensions), or a name would be taken twice. The caller then builds
    /// the whole schema on one database.
    static func union(_ first: Catalog, _ second: Catalog) -> Catalog? {
        func joined<Value: Equatable, Key: Hashable>(_ path: KeyPath<Catalog, [Value]>, by key: (Value) -> Key) -> [Value]? {
            Self.joined(first[keyPath: path], second[keyPath: path], by: key)
        }
        guard let schemas = joined(\.schemas, by: \.name), let enums = joined(\.enums, by: \.name),
            let tables = joined(\.tables, by: \.name), let views = joined(\.views, by: \.name),
            let functions = joined(\.functions, by: \.signature),
            let triggers = joined(\.triggers, by: { TableScopedName(table: $0.table, name: $0.name) }),
            let policies = joined(\.policies, by: { TableScopedName(table: $0.table, name: $0.name) }),
            let grants = joined(\.grants, by: { $0 }), let sequences = joined(\.sequences, by: { $0 }),
            let asWritten = joined(\.asWritten, by: \.key),
            let environment = Environment.union(first.environment, second.environment),
            first.defaultPrivileges == second.defaultPrivileges
        else { return nil }
        let union = Catalog(
            schemas: schemas, enums: enums, tables: tables, views: views, functions: functions, triggers: triggers,
            policies: policies, grants: grants, sequences: sequences, asWritten: asWritten,
            defaultPrivileges: first.defaultPrivileges, environment: environment)
        return union.takesEveryRelationNameOnce ? union : nil
    }

    /// Every value of `first` and `second` once; nil when a key has two different values.
    private static func joined<Value: Equatable, Key: Hashable>(_ first: [Value], _ second: [Value], by key: (Value) -> Key) -> [Value]? {
        var seen: [Key: Value] = [:]
        var result: [Value] = []
        result.reserveCapacity(first.count + second.count)
        for value in first + second {
            if let earlier = seen.updateValue(value, forKey: key(value)) {
                guard earlier == value else { return nil }
                continue
            }
            result.append(value)
        }
        return result
    }
}

extension Catalog.Environment {
    /// Both environments' buckets (``Catalog/union(_:_:)``); nil when anything else differs between them.
    fileprivate static func union(_ first: Self, _ second: Self) -> Self? {
        var firstRest = first
        var secondRest = second
        firstRest.buckets = nil
        secondRest.buckets = nil
        guard firstRest == secondRest else { return nil }
        guard let firstBuckets = first.buckets, let secondBuckets = second.buckets else {
            return first.buckets == nil && second.buckets == nil ? first : nil
        }
        var byID: [String: Catalog.Bucket] = [:]
        for bucket in firstBuckets + secondBuckets {
            if let earlier = byID.updateValue(bucket, forKey: bucket.id), earlier != bucket { return nil }
        }
        var union = first
        union.buckets = byID.values.sorted { $0.id < $1.id }
        return union
    }
}
