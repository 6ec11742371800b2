import RLSSQL

extension LintRule {
    /// `duplicate-index` (warning): two or more indexes on a table with the same definition: every
    /// write maintains each of them for nothing.
    ///
    ///     drop index "public"."note_owner_id_idx1";
    public static let duplicateIndex = LintRule(
        id: .duplicateIndex, summary: "Several indexes on a table have the same definition.", splinter: ["0009_duplicate_index"]
    ) { catalog in
        catalog.tables.flatMap { table -> [LintFinding] in
            let byShape = Dictionary(grouping: table.indexes) { index -> String in
                guard let on = index.definition.firstRange(of: " ON ") else { return index.definition }
                return String(index.definition[on.lowerBound...]) + (index.definition.hasPrefix("CREATE UNIQUE") ? " unique" : "")
            }
            return byShape.values.filter { $0.count > 1 }.map { group in
                let names = group.map(\.name).sorted()
                return LintFinding(
                    rule: .duplicateIndex, level: .warning, object: "\(table.name).\(names[0])",
                    message:
                        "\(table.name) has \(names.count) identical indexes (\(names.joined(separator: ", "))): each write maintains all of "
                        + "them. Keep one.",
                    fix: names.dropFirst().map { "drop index \(QualifiedName(schema: table.name.schema, name: $0).sql);" }.joined(
                        separator: "\n")
                )
            }
        }
    }
}
