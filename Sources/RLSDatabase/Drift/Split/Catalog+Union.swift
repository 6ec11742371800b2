import RLSCatalog

extension Catalog {
    /// The catalog of one database holding what the two databases of a ``DesiredSplit`` hold: every
    /// object of either. Nil when the two cannot be the halves of one database: an object both hold
    /// (made by a statement both scripts ran) differs between them, anything else differs (default
    /// privileges, memberships, extensions), or a name would be taken twice. The caller then builds
    /// the whole schema on one database.
    static func union(_ first: Catalog, _ second: Catalog) -> Catalog? {
        guard let environment = Environment.union(first.environment, second.environment),
            first.defaultPrivileges == second.defaultPrivileges
        else { return nil }
        return combining([first, second], Union(), defaultPrivileges: first.defaultPrivileges, environment: environment)
    }

    /// A split build's list: every value of either half once (``joined(_:_:by:)``).
    private struct Union: ListCombination {
        func combine<Value: Equatable, Key: Hashable>(_ lists: [[Value]], by key: (Value) -> Key) -> [Value]? {
            Catalog.joined(lists[0], lists[1], by: key)
        }
    }

    /// Every value of `first` and `second` once; nil when a key has two different values.
    fileprivate static func joined<Value: Equatable, Key: Hashable>(_ first: [Value], _ second: [Value], by key: (Value) -> Key) -> [Value]?
    {
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
