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

/// `items` in the given order, except that an item another one uses is moved up to just before the
/// first item that uses it, after what it uses in turn. A dependency cycle is broken where it is
/// entered; what an item uses of itself, or what no item provides, is already satisfied.
///
/// The order of statements of different kinds: ``dependencyOrder(_:name:dependencies:)`` sorts one
/// kind (tables by their foreign keys, views by the views they read) and the kinds keep their usual
/// order (types, tables, functions, views, ...), which this breaks only where a statement uses a later
/// one: a column default calling a function, a SQL function reading a view. Moving the used item up,
/// rather than the user down, keeps everything that came before the user before it.
///
/// ```swift
/// usesFirst(["table t default f()", "function f"], provides: { $0.hasPrefix("function") ? ["f"] : [] },
///           uses: { $0.hasPrefix("table") ? ["f"] : [] })  // ["function f", "table t default f()"]
/// ```
public func usesFirst<Item, Name: Hashable>(
    _ items: [Item], provides: (Item) -> [Name], uses: (Item) -> Set<Name>
) -> [Item] {
    usesFirstMarkingCycles(items, provides: provides, uses: uses).map(\.item)
}

/// ``usesFirst(_:provides:uses:)``, each item marked when it comes before something it uses: where
/// a dependency cycle was broken. Such an item can only be created with its uses unchecked, as a
/// `language sql` function with `check_function_bodies` off.
public func usesFirstMarkingCycles<Item, Name: Hashable>(
    _ items: [Item], provides: (Item) -> [Name], uses: (Item) -> Set<Name>
) -> [(item: Item, precedesAUse: Bool)] {
    var providers: [Name: [Int]] = [:]
    for (index, item) in items.enumerated() {
        for name in provides(item) { providers[name, default: []].append(index) }
    }
    guard !providers.isEmpty else { return items.map { ($0, false) } }
    func needs(_ index: Int) -> [Int] {
        Set(uses(items[index]).flatMap { providers[$0] ?? [] }).filter { $0 != index }.sorted()
    }
    // An item reached in turn after the last provider finds everything it could use placed: its
    // uses are not read at all (most of a plan: grants, policies, triggers).
    let lastProvider = providers.values.lazy.compactMap(\.last).max() ?? 0
    // 0: not placed; 1: its needs are being placed (a cycle back to it is broken there); 2: placed.
    var state = [UInt8](repeating: 0, count: items.count)
    var precedesAUse = [Bool](repeating: false, count: items.count)
    var order: [Int] = []
    order.reserveCapacity(items.count)
    func place(_ index: Int, inTurn: Bool = false) {
        guard state[index] == 0 else { return }
        state[index] = 1
        for need in inTurn && index > lastProvider ? [] : needs(index) {
            if state[need] == 1 { precedesAUse[index] = true }
            place(need)
        }
        state[index] = 2
        order.append(index)
    }
    for index in items.indices { place(index, inTurn: true) }
    return order.map { (items[$0], precedesAUse[$0]) }
}
