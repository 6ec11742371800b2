import RLSModel

/// `items` ordered so that each comes after the items it depends on: tables after the tables their
/// foreign keys reference, views after the views they read. The given order breaks ties, and a
/// dependency cycle is broken at its earliest item. A dependency on the item itself or on a name
/// outside `items` is already satisfied.
///
/// The one dependency sort: rendering, the catalog diff and fixtures all order through it.
///
/// ```swift
/// dependencyOrder(["b", "a"], name: { $0 }, dependencies: { $0 == "b" ? ["a"] : [] })  // ["a", "b"]
/// ```
public func dependencyOrder<Item, Name: Hashable>(
    _ items: [Item], name: (Item) -> Name, dependencies: (Item) -> [Name]
) -> [Item] {
    let names = Set(items.map(name))
    var remaining = items
    var placed = Set<Name>()
    var ordered: [Item] = []
    ordered.reserveCapacity(items.count)
    while !remaining.isEmpty {
        let ready =
            remaining.firstIndex { item in
                let own = name(item)
                return dependencies(item).allSatisfy { $0 == own || !names.contains($0) || placed.contains($0) }
            } ?? 0
        let item = remaining.remove(at: ready)
        placed.insert(name(item))
        ordered.append(item)
    }
    return ordered
}

extension Schema {
    /// The schema's tables, each after the tables its foreign keys reference; declaration order
    /// breaks ties, and a reference cycle is broken at the earliest declared table.
    public var tablesInDependencyOrder: [Table] {
        dependencyOrder(tables, name: \.qualifiedName, dependencies: { $0.foreignKeys.map(\.referencedTable) })
    }
}
