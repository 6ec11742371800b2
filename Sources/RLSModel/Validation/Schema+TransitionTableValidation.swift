extension Schema {
    /// What PostgreSQL would refuse in a trigger's `referencing` clause, said before any connection.
    func transitionTableErrors(_ trigger: Trigger) -> [ValidationError] {
        guard let tables = trigger.transitionTables else { return [] }
        var problems: [String] = []
        if tables.old == nil && tables.new == nil {
            problems.append("names no transition table; give old:, new: or both")
        }
        if trigger.timing != .after {
            problems.append("has transition tables, which only `after` triggers may have; make it .after")
        }
        if trigger.events.count != 1 {
            problems.append("has transition tables and \(trigger.events.count) events; declare one trigger per event")
        }
        for event in trigger.events {
            switch event {
            case .update(let columns) where !columns.isEmpty:
                problems.append("has transition tables on `update of` columns, which PostgreSQL refuses; use .update")
            case .insert where tables.old != nil:
                problems.append("names an old table on insert, which has none; remove old:")
            case .delete where tables.new != nil:
                problems.append("names a new table on delete, which has none; remove new:")
            case .truncate:
                problems.append("has transition tables on truncate, which has none; remove referencing:")
            default: break
            }
        }
        var errors = problems.map {
            ValidationError(
                .invalidDeclaration, table: trigger.table, column: nil, source: trigger.source,
                "trigger \(trigger.name) \($0)")
        }
        errors += identifierErrors([tables.old, tables.new].compactMap { $0 }, table: trigger.table, column: nil, trigger.source)
        return errors
    }
}
