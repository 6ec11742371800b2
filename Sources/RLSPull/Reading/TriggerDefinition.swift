import RLSCatalog
import RLSModel
import RLSSQL

/// A trigger as the DSL declares it, read from `pg_get_triggerdef`:
/// `CREATE TRIGGER name AFTER INSERT OR UPDATE OF a ON public.t [REFERENCING OLD TABLE AS o NEW TABLE AS n] FOR EACH ROW [WHEN (...)] EXECUTE FUNCTION public.f()`.
enum TriggerDefinition {
    /// The DSL form, or nil when the DSL cannot say it (constraint triggers, function arguments).
    static func read(_ trigger: Catalog.Trigger) -> Trigger? {
        guard trigger.enabled, trigger.definition.hasPrefix("CREATE TRIGGER "),
            let (name, afterName) = SQLIdentifiers.identifier(trigger.definition.dropFirst(15)),
            name == trigger.name
        else { return nil }
        var rest = afterName.drop { $0 == " " }
        let timings: [(String, Trigger.Timing)] = [("BEFORE ", .before), ("AFTER ", .after), ("INSTEAD OF ", .insteadOf)]
        guard let (keyword, timing) = timings.first(where: { rest.hasPrefix($0.0) }) else { return nil }
        rest = rest.dropFirst(keyword.count)
        guard let on = rest.range(of: " ON ") else { return nil }
        guard let events = self.events(rest[..<on.lowerBound]) else { return nil }
        rest = rest[on.upperBound...]
        guard let (schema, table, afterTable) = SQLIdentifiers.qualified(rest) else { return nil }
        rest = afterTable
        var transitionTables: Trigger.TransitionTables?
        if rest.hasPrefix(" REFERENCING") {
            rest = rest.dropFirst(12)
            var tables = Trigger.TransitionTables()
            while true {
                if rest.hasPrefix(" OLD TABLE AS "), let (name, after) = SQLIdentifiers.identifier(rest.dropFirst(14)) {
                    tables.old = name
                    rest = after
                } else if rest.hasPrefix(" NEW TABLE AS "), let (name, after) = SQLIdentifiers.identifier(rest.dropFirst(14)) {
                    tables.new = name
                    rest = after
                } else {
                    break
                }
            }
            guard tables.old != nil || tables.new != nil else { return nil }
            transitionTables = tables
        }
        let level: Trigger.Level
        if rest.hasPrefix(" FOR EACH ROW") {
            level = .row
        } else if rest.hasPrefix(" FOR EACH STATEMENT") {
            level = .statement
        } else {
            return nil
        }
        rest = rest.dropFirst(level == .row ? 13 : 19)
        var condition: SQL?
        if rest.hasPrefix(" WHEN ") {
            guard let (inside, after) = SQLText.parenthesized(rest.dropFirst(6)) else { return nil }
            condition = SQL(raw: String(inside))
            rest = after
        }
        guard rest.hasPrefix(" EXECUTE FUNCTION "),
            let (functionSchema, function, arguments) = SQLIdentifiers.qualified(rest.dropFirst(18)),
            arguments == "()"
        else { return nil }
        return Trigger(
            name, on: TableName(schema: schema, name: table), timing, events, level: level, when: condition,
            referencing: transitionTables,
            execute: TableName(schema: functionSchema, name: function), fileID: "rls pull", line: 0)
    }

    /// `INSERT OR UPDATE OF a, b OR DELETE`.
    private static func events(_ text: Substring) -> [Trigger.Event]? {
        var events: [Trigger.Event] = []
        for part in text.components(separatedBy: " OR ") {
            switch part {
            case "INSERT": events.append(.insert)
            case "UPDATE": events.append(.update)
            case "DELETE": events.append(.delete)
            case "TRUNCATE": events.append(.truncate)
            default:
                guard part.hasPrefix("UPDATE OF "), let columns = SQLIdentifiers.list(Substring(part.dropFirst(10))) else { return nil }
                events.append(.update(of: columns))
            }
        }
        return events
    }
}
