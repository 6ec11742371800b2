import RLSModel

/// What a table's CHECK constraints ask of each column, read from their simple conditions (as
/// written in the DSL or as `pg_get_constraintdef` prints them after a pull): length bounds
/// (`char_length(username) >= 3`), ranges (`age between 13 and 120`, `price > (0)::numeric`),
/// lists (`plan in ('free', 'pro')`, `tier = any (array['a', 'b'])`), comparisons between columns
/// (`ends_on > starts_on`), patterns (`username ~ '^[a-z0-9_]+$'`) and boolean columns alone
/// (`check (id)`, `check (not archived)`), so that fixture values
/// satisfy them. A condition it cannot read is left to `.fixture(...)`.
struct CheckConstraintConditions {
    /// What one column's values must satisfy.
    struct Rule: Equatable {
        var minLength: Int?
        var maxLength: Int?
        var lower: (value: Double, inclusive: Bool)?
        var upper: (value: Double, inclusive: Bool)?
        /// The only values allowed, as text (numbers as written).
        var allowed: [String]?
        /// The regular expression the value must match, if any: the value is made of lower-case
        /// letters and digits (shaped as an e-mail address or a web address where the pattern is).
        var pattern: String?
        /// Whether the value must lie before the check's clock (`born_on <= current_date`).
        var past = false
        /// Columns of the same row this one's value must exceed.
        var above: Set<String> = []

        static func == (lhs: Rule, rhs: Rule) -> Bool {
            lhs.minLength == rhs.minLength && lhs.maxLength == rhs.maxLength && lhs.lower?.value == rhs.lower?.value
                && lhs.lower?.inclusive == rhs.lower?.inclusive && lhs.upper?.value == rhs.upper?.value
                && lhs.upper?.inclusive == rhs.upper?.inclusive && lhs.allowed == rhs.allowed && lhs.pattern == rhs.pattern
                && lhs.past == rhs.past && lhs.above == rhs.above
        }
    }

    /// The conditions per column name.
    private(set) var columns: [String: Rule] = [:]

    /// Reads every check of `table`.
    init(_ table: Table) {
        let names = Set(table.columns.map(\.name))
        for check in table.checks {
            for part in ConditionText.conjuncts(Substring(check.condition.text)) {
                read(part, names: names)
            }
        }
    }

    subscript(_ column: String) -> Rule { columns[column] ?? Rule() }

    /// How many columns `column` must exceed in a chain (`c > b > a`: 2 for c), at most the column count.
    func rank(of column: String) -> Int {
        var rank = 0
        var level: Set<String> = [column]
        while rank < columns.count {
            let next = Set(level.flatMap { self[$0].above })
            if next.isEmpty { break }
            rank += 1
            level = next
        }
        return rank
    }

    private mutating func read(_ part: Substring, names: Set<String>) {
        let lower = part.lowercased()
        if lower.hasSuffix(" is not null") { return }
        // A boolean column alone (`check (id)`, the one-row table's key) or negated.
        if case .column(let name)? = ConditionText.term(part), names.contains(name) {
            columns[name, default: Rule()].allowed = ["true"]
            return
        }
        if lower.hasPrefix("not "), case .column(let name)? = ConditionText.term(part.dropFirst(4)), names.contains(name) {
            columns[name, default: Rule()].allowed = ["false"]
            return
        }
        if let (left, _, rest) = ConditionText.split(part, at: [" between "]),
            let (low, _, high) = ConditionText.split(rest, at: [" and "]),
            case .number(let a)? = ConditionText.term(low), case .number(let b)? = ConditionText.term(high)
        {
            bound(ConditionText.term(left), ">=", a, names: names)
            bound(ConditionText.term(left), "<=", b, names: names)
            return
        }
        if let (left, _, rest) = ConditionText.split(part, at: [" in "]), case .column(let name)? = ConditionText.term(left),
            names.contains(name), let values = Self.list(ConditionText.stripped(rest))
        {
            columns[name, default: Rule()].allowed = values
            return
        }
        if let (left, _, rest) = ConditionText.split(part, at: ["= any"]), case .column(let name)? = ConditionText.term(left),
            names.contains(name)
        {
            let inside = ConditionText.uncast(rest)
            if inside.lowercased().hasPrefix("array["), inside.last == "]", let values = Self.list(inside.dropFirst(6).dropLast()) {
                columns[name, default: Rule()].allowed = values
            }
            return
        }
        if let (left, _, right) = ConditionText.split(part, at: [" ~* ", " ~ ", "~*", "~"]),
            case .column(let name)? = ConditionText.term(left), names.contains(name)
        {
            if case .text(let pattern)? = ConditionText.term(right) {
                columns[name, default: Rule()].pattern = pattern
            } else {
                columns[name, default: Rule()].pattern = ""
            }
            return
        }
        guard let (left, op, right) = ConditionText.split(part, at: [">=", "<=", "<>", "!=", ">", "<", "="]) else { return }
        switch (ConditionText.term(left), ConditionText.term(right)) {
        case (let term, .number(let value)?): bound(term, op, value, names: names)
        case (.number(let value)?, let term): bound(term, Self.flipped(op), value, names: names)
        case (.column(let a)?, .column(let b)?) where names.contains(a) && names.contains(b):
            if op.hasPrefix(">") { columns[a, default: Rule()].above.insert(b) }
            if op.hasPrefix("<") && op != "<>" { columns[b, default: Rule()].above.insert(a) }
        case (.column(let name)?, .text(let value)?) where op == "=" && names.contains(name):
            columns[name, default: Rule()].allowed = [value]
        case (.column(let name)?, .now?) where op.hasPrefix("<") && names.contains(name):
            columns[name, default: Rule()].past = true
        default: break
        }
    }

    /// Records `term op value` for a column or its length.
    private mutating func bound(_ term: ConditionText.Term?, _ op: String, _ value: Double, names: Set<String>) {
        switch term {
        case .length(let name)? where names.contains(name):
            var column = columns[name] ?? Rule()
            let n = Int(value)
            switch op {
            case ">=": column.minLength = max(column.minLength ?? 0, n)
            case ">": column.minLength = max(column.minLength ?? 0, n + 1)
            case "<=": column.maxLength = min(column.maxLength ?? .max, n)
            case "<": column.maxLength = min(column.maxLength ?? .max, n - 1)
            case "=": (column.minLength, column.maxLength) = (n, n)
            default: break
            }
            columns[name] = column
        case .column(let name)? where names.contains(name):
            var column = columns[name] ?? Rule()
            switch op {
            case ">=", ">":
                if column.lower.map({ $0.value <= value }) ?? true { column.lower = (value, op == ">=") }
            case "<=", "<":
                if column.upper.map({ $0.value >= value }) ?? true { column.upper = (value, op == "<=") }
            case "=": column.allowed = [Self.number(value)]
            default: break
            }
            columns[name] = column
        default: break
        }
    }

    /// `'a'::text, 'b'` or `1, 2` as text; nil when an item is not a literal.
    private static func list(_ text: Substring) -> [String]? {
        let inside = text.first == "(" ? ConditionText.stripped(text) : text
        var values: [String] = []
        for item in ConditionText.items(inside) {
            switch ConditionText.term(item) {
            case .text(let value)?: values.append(value)
            case .number(let value)?:
                values.append(item.first == "'" ? ConditionText.stringLiteral(item).map(\.0) ?? number(value) : number(value))
            default: return nil
            }
        }
        return values.isEmpty ? nil : values
    }

    /// `3` for 3.0, `0.5` for 0.5.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func flipped(_ op: String) -> String {
        ["<": ">", ">": "<", "<=": ">=", ">=": "<="][op] ?? op
    }
}
