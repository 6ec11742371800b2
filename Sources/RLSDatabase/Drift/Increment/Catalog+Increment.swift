import RLSCatalog
import RLSModel

extension Catalog {
    /// This catalog (a whole build) with what changed between two partial builds applied: every
    /// object that differs between `before` and `after` takes its value from `after`, or goes when
    /// `after` lacks it.
    ///
    /// Nil when the partial builds cannot be trusted for an object: where it differs between them,
    /// `before` must hold exactly what this catalog holds (else statements outside the partial build
    /// shape it too); or where a name would be taken twice. The caller then builds everything.
    func applyingIncrement(from before: Catalog, to after: Catalog) -> Catalog? {
        let before = before.withoutStatementDependencies
        let after = after.withoutStatementDependencies
        guard let environment = environment.applyingIncrement(from: before.environment, to: after.environment),
            // Default privileges are set by statements every partial build runs; a difference means the whole build.
            before.defaultPrivileges == after.defaultPrivileges
        else { return nil }
        return Self.combining([self, before, after], Increment(), defaultPrivileges: defaultPrivileges, environment: environment)
    }

    /// An increment's list: the whole build's, with what differs between the partial builds applied (``merged(_:_:_:by:)``).
    private struct Increment: ListCombination {
        func combine<Value: Equatable, Key: Hashable>(_ lists: [[Value]], by key: (Value) -> Key) -> [Value]? {
            Catalog.merged(lists[0], lists[1], lists[2], by: key)
        }
    }

    /// What the cache keeps of a desired catalog: policies and triggers without their dependencies
    /// (a diff reads those on its current side only).
    var withoutStatementDependencies: Catalog {
        var stripped = self
        for index in stripped.policies.indices { stripped.policies[index].dependencies = [] }
        for index in stripped.triggers.indices { stripped.triggers[index].dependencies = [] }
        return stripped
    }

    /// False when two tables, views, sequences or indexes (constraints' included) share a schema and a name: the server
    /// would have named one of them differently in a whole build (`..._seq1`), or refused it.
    var takesEveryRelationNameOnce: Bool {
        var names = Set<QualifiedName>()
        let relations =
            tables.map(\.name) + views.map(\.name) + sequences
            + tables.flatMap { table in table.indexes.map { QualifiedName(schema: table.name.schema, name: $0.name) } }
            + views.flatMap { view in view.indexes.map { QualifiedName(schema: view.name.schema, name: $0.name) } }
            // A primary key, unique or exclusion constraint is an index of the same name.
            + tables.flatMap { table in
                table.constraints.filter { [.primaryKey, .unique, .exclusion].contains($0.kind) }
                    .map { QualifiedName(schema: table.name.schema, name: $0.name) }
            }
        return relations.allSatisfy { names.insert($0).inserted }
    }

    /// `whole` with every key on which `before` and `after` differ taken from `after`; nil when
    /// `whole` does not hold what `before` holds there, or a partial build repeats a key. `whole`'s
    /// order is kept (additions go last), so that sorting the result again is cheap.
    fileprivate static func merged<Value: Equatable, Key: Hashable>(
        _ whole: [Value], _ before: [Value], _ after: [Value], by key: (Value) -> Key
    ) -> [Value]? {
        func keyed(_ values: [Value]) -> [Key: Value]? {
            var result: [Key: Value] = [:]
            for value in values where result.updateValue(value, forKey: key(value)) != nil { return nil }
            return result
        }
        guard let before = keyed(before), let after = keyed(after) else { return nil }
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        guard !changed.isEmpty else { return whole }
        var result: [Value] = []
        result.reserveCapacity(whole.count + changed.count)
        var met = Set<Key>()
        for value in whole {
            let key = key(value)
            guard changed.contains(key) else {
                result.append(value)
                continue
            }
            guard value == before[key], met.insert(key).inserted else { return nil }
            if let replacement = after[key] { result.append(replacement) }
        }
        for key in changed where !met.contains(key) {
            guard before[key] == nil else { return nil }
            if let added = after[key] { result.append(added) }
        }
        return result
    }
}

extension Catalog.Environment {
    /// This environment with the buckets that differ between two partial builds taken from `after`.
    /// Nil when anything else in it differs between them (memberships, extensions: the schema's SQL
    /// does not set those), or only some of the three have a storage schema.
    fileprivate func applyingIncrement(from before: Self, to after: Self) -> Self? {
        var beforeRest = before
        var afterRest = after
        beforeRest.buckets = nil
        afterRest.buckets = nil
        guard beforeRest == afterRest else { return nil }
        guard let buckets, let beforeBuckets = before.buckets, let afterBuckets = after.buckets else {
            return buckets == nil && before.buckets == nil && after.buckets == nil ? self : nil
        }
        var whole: [String: Catalog.Bucket] = [:]
        for bucket in buckets { whole[bucket.id] = bucket }
        let old = Dictionary(beforeBuckets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(afterBuckets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in Set(old.keys).union(new.keys) where old[id] != new[id] {
            guard whole[id] == old[id] else { return nil }
            whole[id] = new[id]
        }
        var merged = self
        merged.buckets = Array(whole.values).sorted { $0.id < $1.id }
        return merged
    }
}
