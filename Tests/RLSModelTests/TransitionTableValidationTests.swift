import RLSModel
import Testing

/// A trigger's `referencing:` clause is checked before any connection, with what PostgreSQL would refuse.
@Suite struct TransitionTableValidationTests {
    func errors(_ trigger: Trigger) -> [String] {
        Schema {
            Table("item") { Column("id", .bigint).primaryKey() }
            Function("count_items", returns: .trigger, body: SQL(raw: "begin return null; end;"))
            trigger
        }.validationErrors().map(\.description)
    }

    @Test func acceptsOneEventAfterTheStatement() {
        let update = Trigger(
            "counted", on: "item", .after, [.update], level: .statement,
            referencing: .init(old: "old_items", new: "new_items"), execute: "public.count_items")
        #expect(errors(update).isEmpty)
        let insert = Trigger(
            "counted", on: "item", .after, [.insert], referencing: .init(new: "new_items"),
            execute: "public.count_items")
        #expect(errors(insert).isEmpty)
    }

    @Test func refusesWhatPostgreSQLRefuses() {
        let cases: [(Trigger, String)] = [
            (
                Trigger("t", on: "item", .before, [.insert], referencing: .init(new: "n"), execute: "public.count_items"),
                "only `after` triggers"
            ),
            (
                Trigger("t", on: "item", .after, [.update, .delete], referencing: .init(old: "o"), execute: "public.count_items"),
                "declare one trigger per event"
            ),
            (
                Trigger("t", on: "item", .after, [.update(of: ["id"])], referencing: .init(new: "n"), execute: "public.count_items"),
                "`update of` columns"
            ),
            (
                Trigger("t", on: "item", .after, [.insert], referencing: .init(old: "o"), execute: "public.count_items"),
                "remove old:"
            ),
            (
                Trigger("t", on: "item", .after, [.delete], referencing: .init(new: "n"), execute: "public.count_items"),
                "remove new:"
            ),
            (
                Trigger(
                    "t", on: "item", .after, [.truncate], level: .statement, referencing: .init(old: "o"),
                    execute: "public.count_items"), "remove referencing:"
            ),
            (
                Trigger("t", on: "item", .after, [.insert], referencing: .init(), execute: "public.count_items"),
                "names no transition table"
            ),
        ]
        for (trigger, expected) in cases {
            let found = errors(trigger)
            #expect(found.count == 1 && found[0].contains("trigger t ") && found[0].contains(expected), "\(found)")
        }
    }
}
