import RLSModel

extension Table {
    /// `Table("note") { ... }` with its modifiers, indented by `indent`; policy comments by name.
    func swiftSource(indent: String, policyComments: [String: String]) -> [String] {
        let inner = indent + "    "
        let schemaArgument = schema == "public" ? "" : ", schema: " + SwiftLiteral.string(schema)
        var lines = [indent + "Table(" + SwiftLiteral.string(name) + schemaArgument + ") {"]
        let inlineKey = primaryKey.flatMap { $0.name == nil && $0.columns.count == 1 ? $0.columns[0] : nil }
        let inlineUniques = uniques.filter { $0.name == nil && $0.columns.count == 1 }
        let inlineKeys = foreignKeys.filter { $0.name == nil && $0.columns.count == 1 }
        for column in columns {
            var line = "Column(\(SwiftLiteral.string(column.name)), \(column.type.swiftSource))"
            if column.isNullable { line += ".nullable()" }
            if let identity = column.identity { line += identity == .always ? ".identity()" : ".identity(.byDefault)" }
            switch column.generation {
            case .serial?: line += ".serial()"
            case .stored(let expression)?: line += ".generated(\(expression.swiftSource(indent: inner)))"
            case nil: break
            }
            if let value = column.defaultValue { line += ".default(\(value.swiftSource))" }
            if inlineKey == column.name { line += ".primaryKey()" }
            if inlineUniques.contains(where: { $0.columns == [column.name] }) { line += ".unique()" }
            if let key = inlineKeys.first(where: { $0.columns == [column.name] }) { line += key.inlineSwiftSource }
            if let comment = column.comment { line += ".comment(\(SwiftLiteral.text(comment, indent: inner)))" }
            lines.append(inner + line)
        }
        if let key = primaryKey, inlineKey == nil {
            lines.append(inner + "PrimaryKey(\(key.columns.swiftArguments)\(key.name.map { ", name: \(SwiftLiteral.string($0))" } ?? ""))")
        }
        for unique in uniques where !inlineUniques.contains(unique) {
            lines.append(
                inner + "Unique(\(unique.columns.swiftArguments)\(unique.name.map { ", name: \(SwiftLiteral.string($0))" } ?? ""))")
        }
        for key in foreignKeys where !inlineKeys.contains(key) {
            var line =
                "ForeignKey([\(key.columns.swiftArguments)], references: \(key.referencedTable.swiftSource), columns: [\(key.referencedColumns.swiftArguments)]"
            if key.onDelete != .noAction { line += ", onDelete: \(key.onDelete.swiftSource)" }
            if key.onUpdate != .noAction { line += ", onUpdate: \(key.onUpdate.swiftSource)" }
            if let name = key.name { line += ", name: \(SwiftLiteral.string(name))" }
            lines.append(inner + line + ")")
        }
        for check in checks {
            lines.append(inner + "CheckConstraint(\(SwiftLiteral.string(check.name)), \(check.condition.swiftSource(indent: inner)))")
        }
        for index in indexes {
            lines.append(inner + index.swiftSource(indent: inner))
        }
        for policy in policies {
            if let comment = policyComments["\(schema).\(name).\(policy.name)"] { lines.append(inner + "// " + SwiftComment.line(comment)) }
            lines.append(inner + policy.swiftSource(indent: inner))
        }
        lines.append(indent + "}")
        if let comment { lines.append(indent + ".comment(\(SwiftLiteral.text(comment, indent: indent)))") }
        if !overrides.rowLevelSecurity {
            lines.append(indent + ".rowLevelSecurity(false)  // rls lint: table-without-rls when the API roles hold grants")
        }
        if let live {
            var arguments = live.includesOldRows ? ["oldRows: true"] : []
            if let reason = live.withoutPrimaryKey { arguments.append("withoutPrimaryKey: \(SwiftLiteral.string(reason))") }
            lines.append(indent + ".live(\(arguments.joined(separator: ", ")))")
        }
        if !overrides.automaticIndexes { lines.append(indent + ".automaticIndexes(false)") }
        if let columns = insertableColumns { lines.append(indent + ".insertable(only: \(columns.swiftArguments))") }
        if let columns = updatableColumns { lines.append(indent + ".updatable(only: \(columns.swiftArguments))") }
        if let grants = overrides.grants { lines.append(indent + ".grants(\(grants.swiftSource))") }
        if let grants = overrides.sequenceGrants { lines.append(indent + ".sequenceGrants(\(grants.swiftSource))") }
        let options = overrides.grantOptions
        let sequenceOptions = overrides.sequenceGrantOptions
        if !options.isEmpty || !sequenceOptions.isEmpty {
            var arguments = options.isEmpty ? [] : [options.swiftSource]
            if !sequenceOptions.isEmpty { arguments.append("sequences: \(sequenceOptions.swiftSource)") }
            lines.append(indent + ".withGrantOption(\(arguments.joined(separator: ", ")))")
        }
        return lines
    }
}

extension ForeignKey {
    /// `.references("profiles", onDelete: .cascade)`, `.references(.authUsers)`, `.references("tags", column: "name", onUpdate: .cascade)`.
    var inlineSwiftSource: String {
        var line = ".references(\(referencedTable == .authUsers ? ".authUsers" : referencedTable.swiftSource)"
        if referencedColumns != ["id"] { line += ", column: \(SwiftLiteral.string(referencedColumns[0]))" }
        if onDelete != .noAction { line += ", onDelete: \(onDelete.swiftSource)" }
        if onUpdate != .noAction { line += ", onUpdate: \(onUpdate.swiftSource)" }
        return line + ")"
    }
}

extension ReferentialAction {
    /// `.cascade`.
    var swiftSource: String {
        switch self {
        case .noAction: ".noAction"
        case .restrict: ".restrict"
        case .cascade: ".cascade"
        case .setNull: ".setNull"
        case .setDefault: ".setDefault"
        }
    }
}

extension Policy {
    /// `Policy("name", for: .select, to: [.authenticated], using: SQL(raw: "..."))`.
    func swiftSource(indent: String) -> String {
        var line = "Policy(\(SwiftLiteral.string(name))"
        if command != .all { line += ", for: .\(command.rawValue)" }
        line += ", to: \(roles.swiftSource)"
        if !isPermissive { line += ", restrictive: true" }
        if let using { line += ", using: \(using.swiftSource(indent: indent))" }
        if let withCheck { line += ", withCheck: \(withCheck.swiftSource(indent: indent))" }
        line += ")"
        for expectation in expectations where expectation.operations.isEmpty && expectation.roles.isEmpty {
            let handOver = expectation.handOver.map { ", handOver: .\($0.rawValue)" } ?? ""
            line += ".expects(.\(expectation.rows.rawValue)\(handOver))"
        }
        if let reason = withoutConditionAcknowledgement { line += ".withoutCondition(acknowledged: \(SwiftLiteral.string(reason)))" }
        if let reason = userMetadataAcknowledgement { line += ".readsUserMetadata(acknowledged: \(SwiftLiteral.string(reason)))" }
        return line
    }
}
