import RLSModel
import RLSSQL
import Testing

/// What a statement uses, read from its text, and the order that puts what is used first.
@Suite struct SQLReferencesTests {
    @Test func callsAreNamesFollowedByAParenthesisOutsideStringsAndComments() {
        let sql = """
            create table "app"."t" ("token" text default "app"."generate_token"(30), "code" text default 'app.nope()',
              "n" integer check (is_positive(n))); -- app.commented()
            """
        let calls = SQLReferences.calls(in: sql)
        #expect(calls.contains(.function("app.generate_token")))
        #expect(calls.contains(.function(QualifiedName(schema: "public", name: "is_positive"))))
        #expect(!calls.contains(.function("app.nope")))
        #expect(!calls.contains(.function("app.commented")))
        #expect(!calls.contains { if case .relation = $0 { true } else { false } })
    }

    @Test func aForeignKeysTableIsUsedEvenWhereOnlyCallsAreRead() {
        let calls = SQLReferences.calls(in: #"create table "app"."b" ("a_id" bigint references "app"."a"("id"));"#)
        #expect(calls.contains(.relation("app.a")))
        #expect(!calls.contains(.function("app.a")))
    }

    @Test func aSQLFunctionUsesWhatItsBodyNamesThroughItsOwnSearchPath() {
        let sql = """
            CREATE OR REPLACE FUNCTION app.count_titles(p app.items)
             RETURNS bigint
             LANGUAGE sql
             SET search_path TO 'app', 'extensions'
            AS $function$ select count(*) from titles where app.slugify(p.title) <> '' $function$
            """
        let uses = SQLReferences.ofFunction(sql)
        #expect(uses.contains(.relation("app.titles")))
        #expect(uses.contains(.relation("app.items")))
        #expect(uses.contains(.function("app.slugify")))
        #expect(!uses.contains(.relation("public.titles")))
    }

    @Test func aStandardSQLBodyIsReadAndSearchPathSchemasKeepTheirCase() {
        let sql = """
            CREATE OR REPLACE FUNCTION "Billing".total()
             RETURNS bigint
             LANGUAGE sql
             SET search_path TO 'Billing'
            BEGIN ATOMIC
             SELECT count(*) AS count FROM invoices;
            END
            """
        #expect(SQLReferences.ofFunction(sql).contains(.relation(QualifiedName(schema: "Billing", name: "invoices"))))
    }

    @Test func aPlpgsqlBodyIsNotReadOnlyItsHeader() {
        let sql = """
            create function "app"."touch"() returns setof "app"."items" language plpgsql
              security invoker volatile set search_path = ''
            as $function$ begin perform app.later(); return; end; $function$;
            """
        let uses = SQLReferences.ofFunction(sql)
        #expect(uses.contains(.relation("app.items")))
        #expect(!uses.contains(.function("app.later")))
    }

    @Test func usedItemsMoveUpToJustBeforeTheirFirstUser() {
        // a table calling f, another table, f (a SQL function reading view v), v.
        let items = ["table t uses f", "table u", "function f uses v", "view v"]
        let order = usesFirst(
            items,
            provides: { item in item.hasPrefix("function f") ? ["f"] : item.hasPrefix("view v") ? ["v"] : [] },
            uses: { item in item.hasSuffix("uses f") ? ["f"] : item.hasSuffix("uses v") ? ["v"] : [] })
        #expect(order == ["view v", "function f uses v", "table t uses f", "table u"])
    }

    @Test func aCycleKeepsEveryItemOnce() {
        let order = usesFirst(["a", "b", "c"], provides: { [$0] }, uses: { $0 == "a" ? ["b"] : $0 == "b" ? ["a"] : [] })
        #expect(order == ["b", "a", "c"])
        let marked = usesFirstMarkingCycles(
            ["a", "b", "c"], provides: { [$0] }, uses: { $0 == "a" ? ["b"] : $0 == "b" ? ["a"] : [] })
        #expect(marked.map(\.item) == ["b", "a", "c"])
        #expect(marked.map(\.precedesAUse) == [true, false, false])
    }
}
