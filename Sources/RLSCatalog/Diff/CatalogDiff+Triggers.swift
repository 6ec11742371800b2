import RLSSQL

extension CatalogDiff {
    /// Triggers: changed ones replaced in place; those depending on a changing column rebuilt.
    /// Undeclared triggers on tables outside the managed schemas stay (``undeclaredTriggersKept``).
    mutating func diffTriggers() {
        let key = { (trigger: Catalog.Trigger) in "\(trigger.table)\u{1F}\(trigger.name)" }
        let existing = Dictionary(uniqueKeysWithValues: current.triggers.map { (key($0), $0) })
        let target = desired.triggers + undeclaredTriggersKept
        let wanted = Dictionary(uniqueKeysWithValues: target.map { (key($0), $0) })
        var dropped: Set<String> = []
        for trigger in current.triggers where !droppedTables.contains(trigger.table) {
            if wanted[key(trigger)] == nil || isAffected(by: trigger.dependencies) {
                add(.dropTrigger, Change(kind: .drop, object: .trigger, name: trigger.displayName, sql: trigger.dropSQL))
                dropped.insert(key(trigger))
            }
        }
        for trigger in target {
            let old = existing[key(trigger)]
            let isKept = old != nil && !dropped.contains(key(trigger)) && !droppedTables.contains(trigger.table)
            if isKept, old == trigger { continue }
            var sql = trigger.createSQL(replace: isKept)
            if isKept, let old, old.definition == trigger.definition {
                sql =
                    "ALTER TABLE \(trigger.table.sql) \(trigger.enabled ? "ENABLE" : "DISABLE") TRIGGER "
                    + "\(quoteIdentifier(trigger.name));"
            }
            add(
                .createTrigger,
                Change(
                    kind: old == nil ? .create : .alter, object: .trigger,
                    name: trigger.displayName, sql: sql))
        }
    }
}
