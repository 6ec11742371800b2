import RLSDatabase
import RLSModel
import RLSSQL

/// Inserts the check's test users and fixture rows, as the connecting role (which bypasses RLS),
/// inside the check's transaction: alice and bob into `auth.users` (sign-up triggers fire as in
/// production), then one row per side in every table, parents first. The rows of consecutive
/// tables that do not reference one another travel as one script: one round trip for all of them
/// where no table references another, statements still run one by one, triggers and all.
enum FixtureLoader {
    static func load(_ schema: Schema, values: inout FixtureValues, on connection: Connection) throws -> Fixtures {
        let signIns = Persona.signInPersonas(schema).compactMap { persona -> Persona.User? in
            guard case .user(let user) = persona, persona.fixtureOwner == nil else { return nil }
            return user
        }
        let users = FixtureOwner.allCases.map(\.user) + [.carol] + values.groups.members.map(\.user) + signIns
        try insertUsers(users.map { $0.onLane(values.lane) }, on: connection)
        var fixtures = Fixtures()
        for batch in batches(schema.tablesInDependencyOrder) {
            var inserts: [(table: Table, owner: FixtureOwner, given: [(column: String, sql: String)])] = []
            for table in batch {
                for owner in FixtureOwner.allCases {
                    var given = try values.values(for: table, owner: owner, fixtures: fixtures)
                    try takeFreeCombination(table, owner: owner, &given, values: &values, on: connection)
                    inserts.append((table, owner, given))
                }
            }
            let (results, failure) = try connection.executeEach(inserts.map { insertSQL($0.table, given: $0.given) })
            if let failure { throw refused(inserts[results.count].table, failure) }
            for (insert, inserted) in zip(inserts, results) {
                let row =
                    try inserted.first.map { fixtureRow($0, table: insert.table, owner: insert.owner) }
                    ?? adopt(insert.table, owner: insert.owner, given: insert.given, on: connection)
                fixtures.add(row, to: insert.table.qualifiedName)
            }
        }
        try insertMembers(schema, values: &values, fixtures: fixtures, on: connection)
        return fixtures
    }

    /// The users, as Supabase Auth would create them on sign-up.
    static func insertUsers(_ users: [Persona.User], on connection: Connection) throws {
        try connection.execute(
            AuthUsers.signUpSQL(
                users.map { user in
                    AuthUsers.SignUp(
                        id: user.id, email: user.email.isEmpty ? nil : user.email, fullName: "\(user.name.capitalized) (rls check)",
                        appMetadataJSON: user.isAnonymous ? #"{"provider":"anonymous","providers":["anonymous"]}"# : user.appMetadataJSON,
                        isAnonymous: user.isAnonymous)
                }))
    }

    /// For a table with keys over short lists of values (``SmallDomainKeys``): reads which
    /// combinations the table's rows hold already and gives the row one that is free.
    private static func takeFreeCombination(
        _ table: Table, owner: FixtureOwner, _ given: inout [(column: String, sql: String)], values: inout FixtureValues,
        on connection: Connection
    ) throws {
        let queries = values.takenQueries(table, given: given)
        guard !queries.isEmpty, let keys = values.read(table).keys else { return }
        var taken: [[String]: Set<[String]>] = [:]
        for query in queries {
            taken[query.key] = Set(try connection.query(query.sql).map { row in (0..<query.columns).map { row[$0] ?? "" } })
        }
        values.taken[table.qualifiedName, default: [:]][owner] = taken
        values.takeCombination(keys, in: table, owner: owner, &given, forFixture: true)
    }

    /// One membership row per extra member: alice's group, the member's user id and role.
    private static func insertMembers(_ schema: Schema, values: inout FixtureValues, fixtures: Fixtures, on connection: Connection) throws {
        for member in values.groups.members {
            guard let table = schema.table(member.membership.table), let roleColumn = member.membership.roleColumn,
                let group = fixtures.row(member.membership.table, .alice)
            else { continue }
            var given = try values.values(for: table, owner: .alice, fixtures: fixtures)
            given.removeAll { [member.membership.groupColumn, member.membership.userColumn, roleColumn].contains($0.column) }
            given += [
                (member.membership.groupColumn, group.literal(member.membership.groupColumn)),
                (member.membership.userColumn, quoteLiteral(member.user.onLane(values.lane).id)),
                (roleColumn, quoteLiteral(member.role)),
            ]
            let overriding = given.contains { table.column($0.column)?.identity == .always } ? " overriding system value" : ""
            try connection.execute(
                "insert into \(table.qualifiedName.sql) (\(given.map { quoteIdentifier($0.column) }.joined(separator: ", ")))"
                    + "\(overriding) values (\(given.map(\.sql).joined(separator: ", ")))")
        }
    }

    /// `tables` (in dependency order) cut into runs in which no table references another.
    static func batches(_ tables: [Table]) -> [[Table]] {
        var batches: [[Table]] = []
        var names: Set<TableName> = []
        for table in tables {
            let parents = table.foreignKeys.map(\.referencedTable).filter { $0 != table.qualifiedName }
            if batches.isEmpty || parents.contains(where: names.contains) {
                batches.append([])
                names = []
            }
            batches[batches.count - 1].append(table)
            names.insert(table.qualifiedName)
        }
        return batches
    }

    /// The fixture row's INSERT, which returns the row (nothing when a trigger got there first).
    private static func insertSQL(_ table: Table, given: [(column: String, sql: String)]) -> String {
        let overriding = given.contains { name in table.column(name.column)?.identity == .always } ? " overriding system value" : ""
        let insert =
            given.isEmpty
            ? "insert into \(table.qualifiedName.sql) default values"
            : "insert into \(table.qualifiedName.sql) (\(given.map { quoteIdentifier($0.column) }.joined(separator: ", ")))"
                + "\(overriding) values (\(given.map(\.sql).joined(separator: ", ")))"
        return "\(insert) on conflict do nothing returning \(returning(table))"
    }

    /// The columns a fixture row is read back with: its ctid, then every column as text.
    private static func returning(_ table: Table) -> String {
        (["ctid::text as \"rls ctid\""] + table.columns.map { "\(quoteIdentifier($0.name))::text" }).joined(separator: ", ")
    }

    /// The error a refused fixture row throws: in the user's words where a value of ours was wrong.
    private static func refused(_ table: Table, _ error: DatabaseError) -> Error {
        guard [.checkViolation, .invalidTextRepresentation, .numericValueOutOfRange].contains(error.state) else { return error }
        let columns = checkedColumns(table, error)
        let subject =
            columns.isEmpty
            ? "the column"
            : columns.map { "\(table.qualifiedName).\($0.name) (declared at \($0.source))" }.joined(separator: " or ")
        return CheckError(
            "rls check's fixture row for \(table.qualifiedName) was refused: \(error.message); "
                + "give \(subject) a valid value with .fixture(SQL(raw: \"...\")) in the schema")
    }

    /// The columns the check constraint named in a check violation reads.
    private static func checkedColumns(_ table: Table, _ error: DatabaseError) -> [Column] {
        guard error.state == .checkViolation, let range = error.message.range(of: "violates check constraint \""),
            let name = error.message[range.upperBound...].split(separator: "\"").first,
            let check = table.checks.first(where: { $0.name == name })
        else { return [] }
        let words = Set(
            check.condition.text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }.map(String.init))
        return table.columns.filter { words.contains($0.name.lowercased()) }
    }

    /// A trigger got there first (the sign-up profile, a counts table): adopt that row.
    private static func adopt(
        _ table: Table, owner: FixtureOwner, given: [(column: String, sql: String)], on connection: Connection
    ) throws -> FixtureRow {
        let keys = FixtureValues.uniqueKeys(of: table)
            .filter { key in key.allSatisfy { column in given.contains { $0.column == column } } }
        // The row it met holds the same values in one of the keys: the first key that finds one.
        for key in keys {
            let condition = key.map { column in "\(quoteIdentifier(column)) = \(given.first { $0.column == column }!.sql)" }
            let existing = try connection.query(
                "select \(returning(table)) from \(table.qualifiedName.sql) where \(condition.joined(separator: " and "))")
            if let row = existing.first { return fixtureRow(row, table: table, owner: owner) }
        }
        // Else a key column left to its default or NULL met a row: that column needs a value of its own.
        var unset: [String] = []
        for column in FixtureValues.uniqueKeys(of: table).joined() where !given.contains(where: { $0.column == column }) {
            if !unset.contains(column) { unset.append(column) }
        }
        let columns = unset.isEmpty ? "a key column" : unset.map { "\(table.qualifiedName).\($0)" }.joined(separator: " or ")
        throw CheckError(
            "rls check could not insert or find a fixture row in \(table.qualifiedName): it conflicts with an existing row; "
                + "give \(columns) a value of its own with .fixture(SQL(raw: \"...\")) in the schema")
    }

    private static func fixtureRow(_ row: Row, table: Table, owner: FixtureOwner) -> FixtureRow {
        var values: [String: String?] = [:]
        for (index, column) in table.columns.enumerated() { values[column.name] = row[index + 1] }
        return FixtureRow(owner: owner, values: values, keyColumns: table.primaryKey?.columns ?? [], ctid: row[0] ?? "")
    }
}
