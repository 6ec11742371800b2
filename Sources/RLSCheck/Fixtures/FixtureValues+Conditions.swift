import Foundation
import RLSModel
import RLSSQL

/// Values within a table's check conditions, and combinations for its short-list keys.
extension FixtureValues {
    /// `text` (a value of a check's list) as a literal of `type`.
    static func literal(_ text: String, of type: ColumnType) -> String {
        switch type {
        case .smallint, .integer, .bigint, .numeric, .real, .doublePrecision: Double(text) != nil ? text : quoteLiteral(text)
        default: quoteLiteral(text)
        }
    }

    /// `value` made to match a pattern (lower-case letters and digits) and fit the length bounds,
    /// still different per row.
    func fitted(_ value: String, _ rule: CheckConstraintConditions.Rule, _ n: Int) -> String {
        var value = value
        if let pattern = rule.pattern {
            value = "rlscheck\(n)" + (lane == 0 ? "" : "l\(lane + 1)")
            // Letters only (`^[a-z]+$`): the numbers spelled in letters.
            if pattern.contains("a-z"), !["0-9", "\\d", "\\w", "alnum", "digit"].contains(where: pattern.contains) {
                value = "rlscheck" + Self.letters(n) + (lane == 0 ? "" : "l" + Self.letters(lane + 1))
            }
            if pattern.contains("@") {
                value += "@rls-check.invalid"
            } else if pattern.lowercased().contains("http") {
                value = "https://rls-check.invalid/" + value
            }
        }
        if let maxLength = rule.maxLength, value.count > maxLength {
            value = maxLength >= 2 ? "r" + String(value.suffix(maxLength - 1)) : String(value.suffix(max(maxLength, 0)))
        }
        if let minLength = rule.minLength, value.count < minLength {
            value += String(repeating: "x", count: minLength - value.count)
        }
        return value
    }

    /// `n` in base 26 with the letters a to z: 1 → `b`, 26 → `ba`.
    static func letters(_ n: Int) -> String {
        let digits = String(n, radix: 26)
        return String(digits.map { character in Character(UnicodeScalar(UInt8(Int(String(character), radix: 26)! + 97))) })
    }

    /// `value`, or the `n`th value within the bounds when it lies outside them.
    static func bounded(_ value: Int, _ rule: CheckConstraintConditions.Rule, _ n: Int) -> Int {
        let low = rule.lower.map { $0.inclusive ? Int(ceil($0.value)) : Int(floor($0.value)) + 1 }
        let high = rule.upper.map { $0.inclusive ? Int(floor($0.value)) : Int(ceil($0.value)) - 1 }
        if low.map({ value >= $0 }) ?? true, high.map({ value <= $0 }) ?? true { return value }
        switch (low, high) {
        case (let low?, let high?) where high >= low: return low + (n - 1) % (high - low + 1)
        case (let low?, nil): return low + n - 1
        case (nil, let high?): return high - n + 1
        default: return value
        }
    }

    /// `value`, or one within the bounds when it lies outside them.
    static func bounded(_ value: Double, _ rule: CheckConstraintConditions.Rule, _ n: Int) -> Double {
        let aboveLow = rule.lower.map { $0.inclusive ? value >= $0.value : value > $0.value } ?? true
        let belowHigh = rule.upper.map { $0.inclusive ? value <= $0.value : value < $0.value } ?? true
        if aboveLow && belowHigh { return value }
        switch (rule.lower, rule.upper) {
        case (let low?, let high?): return (low.value + high.value) / 2
        case (let low?, nil): return low.value + Double(n)
        case (nil, let high?): return high.value - Double(n)
        default: return value
        }
    }

    /// The table's short-list keys, nil when it has none.
    func smallDomainKeys(of table: Table, _ conditions: CheckConstraintConditions) -> SmallDomainKeys? {
        let ownerColumn = directOwnerColumn(of: table)
        var domains: [String: SmallDomainKeys.Domain] = [:]
        var constant: Set<String> = []
        for column in table.columns {
            if column.fixtureValue != nil || column.name == ownerColumn || fixtureRole(of: table, column) != nil
                || table.foreignKeys.contains(where: { $0.columns.contains(column.name) })
            {
                constant.insert(column.name)
            } else if !column.isNullable, column.identity == nil, column.generation == nil,
                let values = domainValues(of: column, conditions[column.name])
            {
                domains[column.name] = SmallDomainKeys.Domain(column: column.name, values: values)
            }
        }
        // Partial unique indexes too: a combination clear of them is clear of their rows.
        let indexes = table.indexes.filter { $0.isUnique && $0.expression == nil }.map(\.columns)
        let keys = (Self.uniqueKeys(of: table) + indexes.filter { $0.count > 0 }).filter { key in
            key.allSatisfy { domains[$0] != nil || constant.contains($0) } && key.contains { domains[$0] != nil }
        }
        guard !keys.isEmpty else { return nil }
        let used = Set(keys.joined())
        return SmallDomainKeys(domains: table.columns.compactMap { used.contains($0.name) ? domains[$0.name] : nil }, keys: keys)
    }

    /// The primary key, the unique constraints and the unique indexes over plain columns without a
    /// predicate: the keys a row can be found again by.
    static func uniqueKeys(of table: Table) -> [[String]] {
        let indexes = table.indexes.filter { $0.isUnique && $0.expression == nil && $0.predicate == nil }.map(\.columns)
        var keys: [[String]] = []
        for key in [table.primaryKey?.columns].compactMap({ $0 }) + table.uniques.map(\.columns) + indexes
        where !key.isEmpty && !keys.contains(key) {
            keys.append(key)
        }
        return keys
    }

    /// A column's short list of values: a check's list, an enum's labels, true and false.
    private func domainValues(of column: Column, _ rule: CheckConstraintConditions.Rule) -> [(text: String, sql: String)]? {
        if let allowed = rule.allowed { return allowed.map { ($0, Self.literal($0, of: column.type)) } }
        switch column.type {
        case .boolean: return [("true", "true"), ("false", "false")]
        case .enumeration(let name):
            guard let type = schema.enums.first(where: { $0.qualifiedName == name }), !type.values.isEmpty else { return nil }
            return type.values.map { ($0, quoteLiteral($0)) }
        default: return nil
        }
    }

    /// The keys of `table` a row with `given` could break (a NULL in a key never does), each with
    /// the query for the values of its short-list columns that rows holding the same other values
    /// have already (run as the connecting role, which bypasses RLS).
    mutating func takenQueries(_ table: Table, given: [(column: String, sql: String)]) -> [(key: [String], columns: Int, sql: String)] {
        guard let keys = read(table).keys else { return [] }
        let sql = Dictionary(given.map { ($0.column, $0.sql) }, uniquingKeysWith: { first, _ in first })
        return keys.keys.compactMap { key in
            let short = key.filter(keys.columns.contains)
            let others = key.filter { !keys.columns.contains($0) }
            guard others.allSatisfy({ sql[$0] != nil }) else { return nil }
            let conditions = others.map { "\(quoteIdentifier($0)) = \(sql[$0]!)" } + short.map { "\(quoteIdentifier($0)) is not null" }
            return (
                key, short.count,
                "select \(short.map { "\(quoteIdentifier($0))::text" }.joined(separator: ", ")) from \(table.qualifiedName.sql) "
                    + "where \(conditions.joined(separator: " and ")) limit \(SmallDomainKeys.limit)"
            )
        }
    }

    /// The fixture rows the other lanes (at most 7) may hold in a table, uncommitted.
    static let otherLanesFixtures = 7 * FixtureOwner.allCases.count

    /// Sets the short-list columns of `given` to a combination no row holds: for a fixture row,
    /// one no other fixture row takes either (else an existing row's, which the fixture then
    /// adopts); lanes after the first count from the other end, so that they seldom wait on the
    /// first. An insert probe's row takes a free one on the first connection while more are free
    /// than the other lanes' fixtures could take, else its side's fixture row's: the probe then
    /// meets its own transaction's row after the access checks (23505, which counts as allowed)
    /// instead of waiting on another connection's uncommitted row.
    mutating func takeCombination(
        _ keys: SmallDomainKeys, in table: Table, owner: FixtureOwner, _ given: inout [(column: String, sql: String)], forFixture: Bool
    ) {
        let sql = Dictionary(given.map { ($0.column, $0.sql) }, uniquingKeysWith: { first, _ in first })
        let live = keys.keys.filter { $0.allSatisfy { keys.columns.contains($0) || sql[$0] != nil } }
        guard !live.isEmpty else { return }
        let taken = self.taken[table.qualifiedName]?[owner] ?? [:]
        let used = self.used[table.qualifiedName] ?? []
        func isTaken(_ combination: [String: String]) -> Bool {
            live.contains { key in
                taken[key]?.contains(key.filter(keys.columns.contains).map { combination[$0] ?? "" }) ?? false
            }
        }
        func isUsed(_ combination: [String: String]) -> Bool {
            live.contains { key in
                used.contains { row in
                    key.allSatisfy { keys.columns.contains($0) ? row.texts[$0] == combination[$0] : row.sql[$0] == sql[$0] }
                }
            }
        }
        var all = keys.combinations().filter { !isUsed($0) }
        if lane > 0 { all.reverse() }
        let free = all.filter { !isTaken($0) }
        let own = used.last { $0.owner == owner }?.texts
        let choice =
            forFixture
            ? free.first ?? all.first(where: isTaken)
            : (lane == 0 && free.count > Self.otherLanesFixtures ? free.first : own ?? free.first)
        guard let choice else { return }
        given = given.map { keys.columns.contains($0.column) ? ($0.column, keys.sql($0.column, choice[$0.column] ?? "")) : $0 }
        if forFixture {
            let others = Set(live.joined()).subtracting(keys.columns)
            self.used[table.qualifiedName, default: []].append(
                (owner, choice, Dictionary(uniqueKeysWithValues: others.compactMap { column in sql[column].map { (column, $0) } })))
        }
    }
}
