import RLSSQL

/// The unique keys (the primary key included) that a table's fixture rows would break with one
/// fixed value per column: keys made only of columns with a short list of values (an enum, a
/// boolean, a check's `in (...)` list) and columns that hold the same value in all of a side's
/// rows (its owner, its parents, a `.fixture(...)`), such as `unique (role, permission)` over two
/// enums. Their rows take combinations of the short lists that no row holds yet (see
/// ``FixtureValues``).
struct SmallDomainKeys {
    /// A short-list column and its values, as the server prints them and as SQL.
    struct Domain {
        var column: String
        var values: [(text: String, sql: String)]
    }

    /// Combinations enumerated at most: enough for every side, lane and insert probe.
    static let limit = 4096

    /// The short-list columns, in table order.
    var domains: [Domain]
    /// The keys, each as its column names.
    var keys: [[String]]

    /// The names of the short-list columns.
    var columns: Set<String> { Set(domains.map(\.column)) }

    /// The short-list column called `name`, if any.
    func domain(of name: String) -> Domain? { domains.first { $0.column == name } }

    /// Every combination of the short lists' values (as text, by column), first values first, at most ``limit``.
    func combinations() -> [[String: String]] {
        let count = domains.reduce(1) { min($0 * max($1.values.count, 1), Self.limit) }
        return (0..<count).map { index in
            var rest = index
            var combination: [String: String] = [:]
            for domain in domains.reversed() {
                combination[domain.column] = domain.values[rest % domain.values.count].text
                rest /= domain.values.count
            }
            return combination
        }
    }

    /// The SQL of `text`, one of `column`'s values.
    func sql(_ column: String, _ text: String) -> String {
        domain(of: column)?.values.first { $0.text == text }?.sql ?? quoteLiteral(text)
    }
}
