import RLSModel

extension Trigger {
    /// `create trigger "n" after insert on "s"."t" for each row execute function "s"."f"();`
    func statement() -> String {
        let events = events.map { event -> String in
            switch event {
            case .insert: "insert"
            case .update(let columns): columns.isEmpty ? "update" : "update of \(columns.quotedList)"
            case .delete: "delete"
            case .truncate: "truncate"
            }
        }.joined(separator: " or ")
        var lines = [
            "create trigger \(quoteIdentifier(name))",
            "  \(timing.rawValue) \(events) on \(table.sql)",
        ]
        if let tables = transitionTables {
            let names = [
                tables.old.map { "old table as \(quoteIdentifier($0))" }, tables.new.map { "new table as \(quoteIdentifier($0))" },
            ]
            lines.append("  referencing \(names.compactMap { $0 }.joined(separator: " "))")
        }
        lines += [
            "  for each \(level.rawValue)"
        ]
        if let condition { lines.append("  when (\(condition.text))") }
        lines.append("  execute function \(function.sql)();")
        return lines.joined(separator: "\n")
    }
}
