import RLSCatalog
import RLSModel

extension CatalogReader {
    /// One table as DSL values: columns, constraints, indexes, policies, and the overrides that
    /// make it exactly what the database holds.
    mutating func table(_ source: Catalog.Table) -> Table {
        let name = source.name
        var elements: [TableElement] = source.columns.map { .column(column($0, of: source)) }
        for constraint in source.constraints {
            switch ConstraintDefinition.read(constraint, table: name.name) {
            case .primaryKey(let key)?: elements.append(.primaryKey(key))
            case .unique(let unique)?: elements.append(.unique(unique))
            case .check(let check)?: elements.append(.check(check))
            case .foreignKey(let key)?: elements.append(.foreignKey(key))
            case nil:
                notes.append(
                    PullNote(
                        "\(name)",
                        "constraint \(constraint.name) (\(constraint.definition)) is not expressible; kept in the baseline, undeclared"))
            }
        }
        for index in source.indexes {
            if let value = IndexDefinition.read(index, table: name.name) {
                elements.append(.index(value))
            } else {
                notes.append(
                    PullNote("\(name)", "index \(index.name) (\(index.definition)) is not expressible; kept in the baseline, undeclared"))
            }
        }
        var plans: [(Catalog.Policy, AccessPlan?)] = []
        for policy in catalog.policies where policy.table == name {
            let plan = PolicyShape.plan(of: policy, on: source)
            var value = Policy(
                policy.name, for: Policy.Command(rawValue: policy.command.rawValue.lowercased()) ?? .all,
                to: policy.roles, restrictive: !policy.permissive,
                using: policy.using.map(SQL.init(raw:)), withCheck: policy.withCheck.map(SQL.init(raw:)),
                fileID: "rls pull", line: 0)
            // `using (true)` reads: rls check can prove them without a hand-written expectation.
            if policy.command == .select, plan == .public || plan == .authenticated { value = value.expects(.everyRow) }
            // Production may decide access from user metadata, which validation refuses unless
            // acknowledged: kept as written, visible in the Swift, the notes and `rls lint`.
            if value.readsUserMetadata {
                value = value.readsUserMetadata(acknowledged: UserMetadata.pulledReason)
                notes.append(
                    PullNote(
                        "policy \(policy.name) on \(name)",
                        "reads user metadata, which any signed-in user can set on themselves; pulled as it is with "
                            + ".readsUserMetadata(acknowledged:), and rls lint reports it (user-metadata-in-policy): \(UserMetadata.fix)"))
            }
            if policy.using == nil, policy.withCheck == nil {
                value = value.withoutCondition(acknowledged: "production policy, pulled as it is; Postgres holds it without a condition")
                notes.append(
                    PullNote(
                        "policy \(policy.name) on \(name)",
                        "has no condition (neither using nor with check); pulled as it is with .withoutCondition(acknowledged:): write the condition explicitly"
                    ))
            }
            elements.append(.policy(value))
            if policy.comment != nil {
                notes.append(PullNote("policy \(policy.name) on \(name)", "its comment is not expressible; kept in the baseline"))
            }
            plans.append((policy, plan))
            if let plan {
                policyComments["\(name).\(policy.name)"] = "means \(plan.swiftSource) for \(policy.command.rawValue.lowercased())"
            }
        }
        var table = Table(name.name, schema: name.schema, fileID: "rls pull", line: 0) { elements }
        // The Swift declares an unnamed one-column key or unique with its column, so the compiled
        // table lists those first, in column order: the same order here renders the same SQL.
        let position = Dictionary(source.columns.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        func isInline(_ name: String?, _ columns: [String]) -> Bool { name == nil && columns.count == 1 }
        let inlineKeys = table.foreignKeys.filter { isInline($0.name, $0.columns) }.sorted {
            position[$0.columns[0]] ?? 0 < position[$1.columns[0]] ?? 0
        }
        table.foreignKeys = inlineKeys + table.foreignKeys.filter { !isInline($0.name, $0.columns) }
        let inlineUniques = table.uniques.filter { isInline($0.name, $0.columns) }.sorted {
            position[$0.columns[0]] ?? 0 < position[$1.columns[0]] ?? 0
        }
        table.uniques = inlineUniques + table.uniques.filter { !isInline($0.name, $0.columns) }
        if let comment = source.comment { table = table.comment(comment) }
        if !source.rowSecurity { table = table.rowLevelSecurity(false) }
        if source.isLive {
            // Production may publish a table without a primary key, which validation refuses unless
            // acknowledged: kept as it is, visible in the Swift and the notes.
            var acknowledgement: String?
            if table.primaryKey == nil, source.replicaIdentity != .full {
                acknowledgement =
                    source.replicaIdentity == .index
                    ? "production table, pulled as it is; its replica identity index, kept in the baseline, stands in for a primary key"
                    : "production table, pulled as it is; its updates and deletes fail (55000) until it has a primary key"
                notes.append(
                    PullNote(
                        "\(name)",
                        "live without a primary key; pulled as it is with .live(withoutPrimaryKey:): add a PrimaryKey or use .live(oldRows: true)"
                    ))
            }
            table = table.live(oldRows: source.replicaIdentity == .full, withoutPrimaryKey: acknowledgement, fileID: "rls pull", line: 0)
        }
        if source.replicaIdentity != .default, !(source.isLive && source.replicaIdentity == .full) {
            notes.append(PullNote("\(name)", "replica identity \(source.replicaIdentity) is not expressible here; kept in the baseline"))
        }
        if source.forceRowSecurity {
            notes.append(PullNote("\(name)", "FORCE ROW LEVEL SECURITY is not expressible; kept in the baseline"))
        }
        if Schema().indexes(of: table).contains(where: \.isAutomatic) { table = table.automaticIndexes(false) }
        let (columnPrivileges, expressible) = columnPrivileges(of: source)
        if expressible {
            if let columns = columnPrivileges[.insert] { table.insertableColumns = columns }
            if let columns = columnPrivileges[.update] { table.updatableColumns = columns }
        } else {
            notes.append(
                PullNote(
                    "\(name)",
                    "column privileges that differ between roles, are on select, or hold the grant option on some columns only, "
                        + "are not expressible; kept in the baseline"))
        }
        table = withGrants(table, source, columnPrivileges: expressible ? columnPrivileges : [:])
        if let suggestion = suggestedAccess(plans) { tableComments["\(name)"] = [suggestion] }
        return table
    }

    /// The column, with identity, serial or generation as the catalog says.
    private mutating func column(_ source: Catalog.Column, of table: Catalog.Table) -> Column {
        var column = Column(source.name, ColumnType.pulled(source.type, enums: catalog.enums), fileID: "rls pull", line: 0)
        if !source.notNull && source.generation != .identityAlways && source.generation != .identityByDefault {
            column = column.nullable()
        }
        let sequence = RLSCatalog.QualifiedName(schema: table.name.schema, name: "\(table.name.name)_\(source.name)_seq")
        let sequenceNamed = catalog.sequences.contains(sequence)
        switch source.generation {
        case .identityAlways, .identityByDefault:
            column = column.identity(source.generation == .identityAlways ? .always : .byDefault)
            if !sequenceNamed {
                notes.append(
                    PullNote("\(table.name).\(source.name)", "its identity sequence is not named \(sequence.name); the DSL's name is used"))
            }
        case .serial where sequenceNamed && column.type.isInteger:
            column = column.serial()
        case .stored:
            column = column.generated(SQL(raw: source.default ?? ""))
        default:
            if let value = source.default { column = column.default(.pulled(value)) }
            if source.generation == .serial {
                notes.append(
                    PullNote(
                        "\(table.name).\(source.name)",
                        "serial on a sequence not named \(sequence.name): kept as a nextval default; the sequence stays undeclared"))
            }
        }
        if let comment = source.comment { column = column.comment(comment) }
        return column
    }

    /// The table with `.grants` and `.sequenceGrants` where the database differs from what its
    /// policies imply, and `.withGrantOption` for the privileges held with grant option.
    private mutating func withGrants(_ table: Table, _ source: Catalog.Table, columnPrivileges: [Operation: [String]]) -> Table {
        var result = table
        var (actual, options) = grants(.table, on: source.name)
        // Column grants that `.insertable(only:)`/`.updatable(only:)` say count as the privilege the
        // plan implies: the DSL writes the table-level privilege as these column grants.
        for (operation, _) in columnPrivileges {
            guard let privilege = Privilege(rawValue: operation.rawValue) else { continue }
            for grant in catalog.grants
            where grant.objectKind == .table && grant.object == source.name && grant.column != nil
                && grant.privilege == privilege
            {
                actual[grant.grantee, default: []].insert(privilege)
                if grant.grantable { options[grant.grantee, default: []].insert(privilege) }
            }
        }
        let implied = table.privileges.mapValues { Set($0.compactMap { Privilege(rawValue: $0.rawValue) }) }.filter { !$0.value.isEmpty }
        if actual != implied { result = result.grants(actual.mapValues { $0.sorted() }) }
        let sequences = result.columns.filter { $0.identity != nil || $0.generation == .serial }.map { column in
            let name = RLSCatalog.QualifiedName(schema: source.name.schema, name: result.identitySequenceName(of: column))
            let held = grants(.sequence, on: name)
            return (privileges: held.privileges, options: held.options, implied: result.grantedSequencePrivileges(of: column))
        }
        let differing = sequences.filter { $0.privileges != $0.implied }
        if let first = differing.first {
            if differing.contains(where: { $0.privileges != first.privileges }) {
                notes.append(PullNote("\(source.name)", "its sequences have different grants; the first one's are written for all"))
            }
            result = result.sequenceGrants(first.privileges.mapValues { $0.sorted() })
        }
        let granting = sequences.filter { !$0.privileges.isEmpty }
        let sequenceOptions = granting.first?.options ?? [:]
        if granting.contains(where: { $0.options != sequenceOptions }) {
            notes.append(PullNote("\(source.name)", "its sequences hold different grant options; the first one's are written for all"))
        }
        if !options.isEmpty || !sequenceOptions.isEmpty {
            result = result.withGrantOption(options.mapValues { $0.sorted() }, sequences: sequenceOptions.mapValues { $0.sorted() })
        }
        return result
    }

    /// `Same meaning as .access(...)` when every policy of the table has a common shape, one per operation.
    private func suggestedAccess(_ plans: [(Catalog.Policy, AccessPlan?)]) -> String? {
        guard !plans.isEmpty, plans.allSatisfy({ $0.1 != nil }) else { return nil }
        var access: [Operation: AccessPlan] = [:]
        for (policy, plan) in plans {
            let operations = policy.command == .all ? Operation.allCases : [Operation(rawValue: policy.command.rawValue.lowercased())!]
            for operation in operations {
                if let existing = access[operation], existing != plan { return nil }
                access[operation] = plan
            }
        }
        let arguments = Operation.allCases.compactMap { operation in access[operation].map { "\(operation): \($0.swiftSource)" } }
        return
            "Same meaning as .access(\(arguments.joined(separator: ", "))): replacing the policies with it is a tightening edit `rls diff` turns into a migration."
    }

    /// Column grants as `.insertable(only:)` / `.updatable(only:)` columns, in table order; not
    /// expressible (false) when the API roles holding them have different columns, also hold the
    /// privilege on the whole table, hold it with grant option on some columns only, or hold a
    /// column privilege other than insert and update.
    private func columnPrivileges(of source: Catalog.Table) -> ([Operation: [String]], Bool) {
        let columnGrants = catalog.grants.filter { $0.objectKind == .table && $0.object == source.name && $0.column != nil }
        guard !columnGrants.isEmpty else { return ([:], true) }
        var result: [Operation: [String]] = [:]
        for operation in [Operation.insert, .update] {
            let grants = columnGrants.filter { $0.privilege.operation == operation }
            guard !grants.isEmpty else { continue }
            let byRole = Dictionary(grouping: grants, by: \.grantee).mapValues { Set($0.compactMap(\.column)) }
            let tableWide = catalog.grants.contains {
                $0.objectKind == .table && $0.object == source.name && $0.column == nil
                    && $0.privilege.operation == operation && byRole[$0.grantee] != nil
            }
            let partlyGrantable = Dictionary(grouping: grants, by: \.grantee).values.contains { Set($0.map(\.grantable)).count > 1 }
            guard let first = byRole.values.first, byRole.values.allSatisfy({ $0 == first }), !tableWide, !partlyGrantable else {
                return ([:], false)
            }
            result[operation] = source.columns.map(\.name).filter(first.contains)
        }
        let expressible = columnGrants.allSatisfy { [.insert, .update].contains($0.privilege) }
        return (expressible ? result : [:], expressible)
    }
}
