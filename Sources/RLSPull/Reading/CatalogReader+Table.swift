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
                notes.append(PullNote("\(name)", "constraint \(constraint.name) (\(constraint.definition)) is not expressible; kept in the baseline, undeclared"))
            }
        }
        for index in source.indexes {
            if let value = IndexDefinition.read(index, table: name.name) {
                elements.append(.index(value))
            } else {
                notes.append(PullNote("\(name)", "index \(index.name) (\(index.definition)) is not expressible; kept in the baseline, undeclared"))
            }
        }
        var plans: [(Catalog.Policy, AccessPlan?)] = []
        for policy in catalog.policies where policy.table == name {
            let plan = PolicyShape.plan(of: policy, on: source)
            var value = Policy(
                policy.name, for: Policy.Command(rawValue: policy.command.rawValue.lowercased()) ?? .all,
                to: policy.roles.map(Role.init), restrictive: !policy.permissive,
                using: policy.using.map(SQL.init(raw:)), withCheck: policy.withCheck.map(SQL.init(raw:)),
                fileID: "rls pull", line: 0)
            // `using (true)` reads: rls check can prove them without a hand-written expectation.
            if policy.command == .select, plan == .public || plan == .authenticated { value = value.expects(.everyRow) }
            elements.append(.policy(value))
            if policy.comment != nil { notes.append(PullNote("policy \(policy.name) on \(name)", "its comment is not expressible; kept in the baseline")) }
            plans.append((policy, plan))
            if let plan { policyComments["\(name).\(policy.name)"] = "means \(plan.swiftSource) for \(policy.command.rawValue.lowercased())" }
        }
        var table = Table(name.name, schema: name.schema, fileID: "rls pull", line: 0) { elements }
        if let comment = source.comment { table = table.comment(comment) }
        if !source.rowSecurity { table = table.rowLevelSecurity(false) }
        if source.forceRowSecurity { notes.append(PullNote("\(name)", "FORCE ROW LEVEL SECURITY is not expressible; kept in the baseline")) }
        if Schema().indexes(of: table).contains(where: \.isAutomatic) { table = table.automaticIndexes(false) }
        table = withGrants(table, source)
        if let suggestion = suggestedAccess(plans) { tableComments["\(name)"] = [suggestion] }
        if catalog.grants.contains(where: { $0.objectKind == .table && $0.object == name && $0.column != nil }) {
            notes.append(PullNote("\(name)", "column privileges are not expressible yet; kept in the baseline"))
        }
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
            if !sequenceNamed { notes.append(PullNote("\(table.name).\(source.name)", "its identity sequence is not named \(sequence.name); the DSL's name is used")) }
        case .serial where sequenceNamed && column.type.isInteger:
            column = column.serial()
        case .stored:
            column = column.generated(SQL(raw: source.default ?? ""))
        default:
            if let value = source.default { column = column.default(.pulled(value)) }
            if source.generation == .serial {
                notes.append(PullNote("\(table.name).\(source.name)", "serial on a sequence not named \(sequence.name): kept as a nextval default; the sequence stays undeclared"))
            }
        }
        if let comment = source.comment { column = column.comment(comment) }
        return column
    }

    /// The table with `.grants` and `.sequenceGrants` where the database differs from what its
    /// policies imply.
    private mutating func withGrants(_ table: Table, _ source: Catalog.Table) -> Table {
        var result = table
        let actual = grants(.table, on: source.name)
        let implied = table.privileges.mapValues { Set($0.compactMap { Privilege(rawValue: $0.rawValue) }) }.filter { !$0.value.isEmpty }
        if actual != implied { result = result.grants(actual.mapValues { $0.sorted() }) }
        var sequenceGrants: [[Role: Set<Privilege>]] = []
        for column in result.columns where column.identity != nil || column.generation == .serial {
            let name = RLSCatalog.QualifiedName(schema: source.name.schema, name: result.identitySequenceName(of: column))
            let actualSequence = grants(.sequence, on: name)
            let impliedSequence: [Role: Set<Privilege>] = column.generation == .serial
                ? result.privileges.filter { $0.value.contains(.insert) }.mapValues { _ in [.usage] } : [:]
            if actualSequence != impliedSequence { sequenceGrants.append(actualSequence) }
        }
        if let first = sequenceGrants.first {
            if sequenceGrants.contains(where: { $0 != first }) {
                notes.append(PullNote("\(source.name)", "its sequences have different grants; the first one's are written for all"))
            }
            result = result.sequenceGrants(first.mapValues { $0.sorted() })
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
        return "Same meaning as .access(\(arguments.joined(separator: ", "))): replacing the policies with it is a tightening edit `rls diff` turns into a migration."
    }
}
