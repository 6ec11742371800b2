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
    let names = items.map(name)
    let known = Set(names)
    // Items are marked placed rather than removed: removing a large value from the front of an
    // array moves every value after it, which made ordering a thousand tables quadratic.
    var isPlaced = [Bool](repeating: false, count: items.count)
    var placed = Set<Name>()
    var order: [Int] = []
    order.reserveCapacity(items.count)
    var firstRemaining = 0
    while order.count < items.count {
        while isPlaced[firstRemaining] { firstRemaining += 1 }
        let ready =
            (firstRemaining..<items.count).first { index in
                !isPlaced[index]
                    && dependencies(items[index]).allSatisfy { $0 == names[index] || !known.contains($0) || placed.contains($0) }
            } ?? firstRemaining
        isPlaced[ready] = true
        placed.insert(names[ready])
        order.append(ready)
    }
    return order.map { items[$0] }
}

extension Schema {
    /// The schema's tables, each after the tables its foreign keys reference; declaration order
    /// breaks ties, and a reference cycle is broken at the earliest declared table.
    public var tablesInDependencyOrder: [Table] {
        dependencyOrder(tables, name: \.qualifiedName, dependencies: { $0.foreignKeys.map(\.referencedTable) })
    }
}
