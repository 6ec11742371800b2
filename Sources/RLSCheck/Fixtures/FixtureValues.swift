import RLSModel
import RLSSQL

/// Invents the values of fixture rows from the schema: references point at the parent row of the
/// same side (or at the side's user in `auth.users`), owner columns hold the side's user id,
/// NOT NULL columns without a default get a value of their type, unique where it has to be, within
/// the bounds the table's simple check constraints set (``CheckConstraintConditions``); keys over short lists
/// of values take combinations no row holds yet (``SmallDomainKeys``).
struct FixtureValues {
    let schema: Schema
    /// The role alice and bob hold in their group, for membership tables.
    let groups: GroupRoles
    /// Numbers each generated row, so unique columns never collide.
    private(set) var counter = 0
    /// Which connection's rows these are: the second connection's users, uuids, texts and key numbers
    /// differ from the first's (see ``Persona/User/onLane(_:)``), so that their uncommitted rows
    /// never wait on one another.
    let lane: Int
    /// The check conditions and short-list keys of each table asked about so far.
    private var readTables: [TableName: (conditions: CheckConstraintConditions, keys: SmallDomainKeys?)] = [:]
    /// Per table and side, per short-list key: the values of the key's short-list columns that rows
    /// in the table hold already (see ``FixtureLoader``).
    var taken: [TableName: [FixtureOwner: [[String]: Set<[String]>]]] = [:]
    /// The key values of the fixture rows chosen so far: short-list columns as text, the others as SQL.
    var used: [TableName: [(owner: FixtureOwner, texts: [String: String], sql: [String: String])]] = [:]

    init(schema: Schema, lane: Int = 0) {
        self.schema = schema
        self.groups = GroupRoles(schema)
        self.lane = lane
    }

    /// The columns to write and their SQL, for a new row of `table` on `owner`'s side.
    mutating func values(for table: Table, owner: FixtureOwner, fixtures: Fixtures) throws -> [(column: String, sql: String)] {
        counter += 1
        let n = counter
        var result: [(column: String, sql: String)] = []
        let referenced = referencedValues(of: table, owner: owner, fixtures: fixtures)
        let ownerColumn = directOwnerColumn(of: table)
        let (conditions, keys) = read(table)
        for column in table.columns {
            // A stored generated column is computed by the server; writing it is an error (428C9).
            if case .stored? = column.generation { continue }
            if let sql = column.fixtureValue {
                result.append((column.name, "(\(sql.text))"))
            } else if let role = fixtureRole(of: table, column) {
                result.append((column.name, quoteLiteral(role)))
            } else if let value = referenced[column.name] {
                result.append((column.name, value))
            } else if column.name == ownerColumn {
                result.append((column.name, quoteLiteral(owner.user.onLane(lane).id)))
            } else if column.identity != nil || column.generation == .serial {
                result.append((column.name, String(uniqueNumber(column.type, n))))
            } else if table.foreignKeys.contains(where: { $0.columns.contains(column.name) }) {
                guard column.isNullable else { throw missingParent(table, column) }
            } else if let domain = keys?.domain(of: column.name) {
                result.append((column.name, domain.values[0].sql))
            } else if column.defaultValue != nil || column.isNullable {
                continue
            } else if let sql = generated(column, in: table, n, conditions[column.name], rank: conditions.rank(of: column.name)) {
                result.append((column.name, sql))
            } else {
                throw CheckError.cannotInvent(table, column)
            }
        }
        if let keys, taken[table.qualifiedName]?[owner] != nil {
            takeCombination(keys, in: table, owner: owner, &result, forFixture: false)
        }
        return result
    }

    /// `table`'s check conditions and short-list keys, read once.
    mutating func read(_ table: Table) -> (conditions: CheckConstraintConditions, keys: SmallDomainKeys?) {
        if let known = readTables[table.qualifiedName] { return known }
        let conditions = CheckConstraintConditions(table)
        let read = (conditions, smallDomainKeys(of: table, conditions))
        readTables[table.qualifiedName] = read
        return read
    }

    /// The role alice and bob hold in their own group, for a membership table's role column.
    func fixtureRole(of table: Table, _ column: Column) -> String? {
        guard let membership = groups.memberships.first(where: { $0.table == table.qualifiedName }),
            membership.roleColumn == column.name
        else { return nil }
        return groups.fixtureRoles[table.qualifiedName]
    }

    /// The owner column on the table itself, when the owner plan names one directly.
    func directOwnerColumn(of table: Table) -> String? {
        guard let plan = schema.ownerPlan(of: table), let path = try? schema.ownerPath(of: table, plan: plan),
            path.hops.isEmpty
        else { return nil }
        return path.ownerColumn
    }

    /// Values for referencing columns, taken from the parent row of the same side.
    private func referencedValues(of table: Table, owner: FixtureOwner, fixtures: Fixtures) -> [String: String] {
        var result: [String: String] = [:]
        for key in table.foreignKeys {
            for (column, parentColumn) in zip(key.columns, key.referencedColumns) {
                if key.referencedTable == .authUsers {
                    let user = owner.user.onLane(lane)
                    result[column] = quoteLiteral(parentColumn == "email" ? user.email : user.id)
                } else if key.referencedTable != table.qualifiedName, let parent = fixtures.row(key.referencedTable, owner) {
                    result[column] = parent.literal(parentColumn)
                }
            }
        }
        return result
    }

    private func missingParent(_ table: Table, _ column: Column) -> CheckError {
        CheckError(
            "rls check cannot fill \(table.qualifiedName).\(column.name): it references a table without fixture rows "
                + "(outside the schema, or itself); make the column nullable or give it .fixture(SQL(raw: \"...\"))")
    }

    private func isKey(_ column: Column, in table: Table) -> Bool {
        Self.uniqueKeys(of: table).contains { $0.contains(column.name) }
    }

    /// A key number clear of real data: counting up from the base on the first connection, down from
    /// it on the others, interleaved (at most 8 connections: lanes 1-7).
    private func uniqueNumber(_ type: ColumnType, _ n: Int) -> Int {
        let offset = lane == 0 ? n : -((n - 1) * 7 + lane)
        switch type {
        case .smallint: return 32_000 + offset
        case .integer: return 2_140_000_000 + offset
        default: return 9_100_000_000_000_000_000 + offset
        }
    }

    /// A value of the column's type; numbers and texts differ per row, keys stay clear of real data.
    /// Within `rule` (the column's check conditions); `rank` columns below it in a chain of
    /// comparisons (`ends_on > starts_on`) move it a step up each.
    private func generated(_ column: Column, in table: Table, _ n: Int, _ rule: CheckConstraintConditions.Rule, rank: Int) -> String? {
        let key = isKey(column, in: table)
        let text = lane == 0 ? "\(n)" : "\(n)-\(lane + 1)"
        if let first = rule.allowed?.first { return Self.literal(first, of: column.type) }
        switch column.type {
        case .uuid:
            return quoteLiteral(CheckUUID.make("c4ec0000", lane: lane, number: n))
        case .text, .varchar(nil):
            return quoteLiteral(fitted("rls check \(table.name).\(column.name) \(text)", rule, n))
        case .varchar(let length?):
            let text = "rls check \(text)"
            var rule = rule
            rule.maxLength = min(rule.maxLength ?? length, length)
            return quoteLiteral(fitted(text.count <= length ? text : String(String(n).suffix(length)), rule, n))
        case .smallint, .integer, .bigint:
            return String(Self.bounded((key ? uniqueNumber(column.type, n) : n) + rank * 1000, rule, n))
        case .numeric, .real, .doublePrecision:
            return CheckConstraintConditions.number(Self.bounded(Double(n + rank * 1000), rule, n))
        case .boolean: return "true"
        case .date where rule.past: return "(current_date - \(100_000 - n - rank * 1000))"
        case .date: return "(current_date + \(n + rank * 1000))"
        case .timestamptz where rule.past, .timestamp where rule.past:
            return "(now() - interval '\(10_000_000 - n - rank * 100_000) seconds')"
        case .timestamptz, .timestamp: return "(now() + interval '\(n + rank * 100_000) seconds')"
        case .jsonb: return "'{}'"
        case .bytea: return "decode('00', 'hex')"
        case .array: return "'{}'"
        case .enumeration(let name): return "(enum_range(null::\(name.sql)))[1]"
        case .raw: return nil
        }
    }
}
