import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSTestSupport
import Testing

/// Issue 31: domains, composite and range types, aggregates and standalone sequences, which the
/// DSL has no construct for, are pulled as `AsWritten` declarations and created by the baseline in
/// dependency order (they used to be named and left out); the functions Postgres makes for a range
/// type go with the type, not into the Swift.
@Suite("Objects pulled as written")
struct AsWrittenPullTests {
    @Test func domainsTypesAggregatesAndSequencesAreCarried() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(
            """
            create schema walk;
            create domain walk.email as text check (value like '%@%');
            create type walk.pair as (a int, b int);
            create type walk.span as range (subtype = int4);
            create aggregate walk.total(int) (sfunc = int4pl, stype = int, initcond = '0');
            create sequence walk.counter;
            select nextval('walk.counter');
            create table walk.person (id bigint primary key, mail walk.email, p walk.pair);
            """)
        let pull = try Pull(connection: db, name: "App", origin: "a test database")
        #expect(!pull.pulled.notes.contains { $0.message.hasPrefix("NOT in the baseline") }, "\(pull.pulled.notes)")
        #expect(
            pull.pulled.schema.asWritten.map(\.identity)
                == ["walk.total(integer)", "walk.pair", "walk.email", "walk.span", "walk.counter"])
        let baseline = pull.baselineSQL
        for statement in [
            "CREATE DOMAIN walk.email AS text CONSTRAINT email_check CHECK ((VALUE ~~ '%@%'::text));",
            "CREATE TYPE walk.pair AS (a integer, b integer);",
            "CREATE TYPE walk.span AS RANGE (SUBTYPE = integer, MULTIRANGE_TYPE_NAME = walk.span_multirange);",
            "CREATE AGGREGATE walk.total(integer) (SFUNC = int4pl, STYPE = integer, INITCOND = '0');",
            "CREATE SEQUENCE walk.counter AS bigint START WITH 1",
        ] {
            #expect(baseline.contains(statement), "\(statement) missing from\n\(baseline)")
        }
        // Types before the table that uses them.
        let table = try #require(baseline.range(of: "CREATE TABLE"))
        #expect(baseline.range(of: "CREATE DOMAIN")!.lowerBound < table.lowerBound)
        // The sequence's value is data: noted, not carried.
        #expect(pull.pulled.notes.contains { $0.object == "sequence walk.counter" && $0.message.contains("current value (1)") })
        // The range type's constructors are Postgres's, made with the type: not functions of the project.
        #expect(!pull.pulled.schema.functions.contains { $0.name.hasPrefix("span") }, "\(pull.pulled.schema.functions.map(\.name))")
        #expect(!baseline.contains("FUNCTION walk.span"))
        // And the baseline gives the database back.
        let (_, replayed) = try TestDatabase.make()
        defer { replayed.close() }
        try replayed.execute("BEGIN;\n" + baseline + "\nCOMMIT;")
        let plan = ChangePlan(from: try replayed.introspectCatalog(), to: pull.catalog)
        #expect(plan.isEmpty, "\(plan.sql)")
    }

    @Test func plansCreateAlterAndDropThem() {
        let domain = Catalog.AsWrittenObject(
            kind: .domain, name: "app.email", definition: "CREATE DOMAIN app.email AS text CONSTRAINT c CHECK ((VALUE <> ''::text));")
        let sequence = Catalog.AsWrittenObject(
            kind: .sequence, name: "app.ticket",
            definition: "CREATE SEQUENCE app.ticket AS bigint START WITH 1 INCREMENT BY 1 MINVALUE 1 MAXVALUE 9 CACHE 1 NO CYCLE;")
        let aggregate = Catalog.AsWrittenObject(
            kind: .aggregate, name: "app.total", arguments: "bigint",
            definition: "CREATE AGGREGATE app.total(bigint) (SFUNC = app.add_up, STYPE = bigint);")
        let empty = Catalog(schemas: [.init(name: "app")])
        var desired = empty
        desired.asWritten = [domain, sequence, aggregate]
        let create = ChangePlan(from: empty, to: desired)
        #expect(create.changes.map(\.name) == ["app.email", "app.ticket", "app.total(bigint)"])
        #expect(create.changes.allSatisfy { $0.kind == .create && !$0.isDestructive })

        var changed = desired
        changed.asWritten[0].definition = "CREATE DOMAIN app.email AS text;"
        changed.asWritten[1].definition = sequence.definition.replacingOccurrences(of: "MAXVALUE 9", with: "MAXVALUE 99")
        let alter = ChangePlan(from: desired, to: changed)
        #expect(
            alter.sql.contains(#"DROP DOMAIN "app"."email";"# + "\nCREATE DOMAIN app.email AS text;"), "\(alter.sql)")
        #expect(alter.sql.contains("ALTER SEQUENCE app.ticket AS bigint START WITH 1 INCREMENT BY 1 MINVALUE 1 MAXVALUE 99"))
        #expect(alter.changes.filter(\.isDestructive).map(\.name) == ["app.email"])

        // Objects in a schema left undeclared are neither reported nor dropped.
        var undeclared = UndeclaredObjects()
        undeclared.schemas = ["app"]
        #expect(ChangePlan(from: desired.leavingOut(undeclared), to: empty.leavingOut(undeclared)).isEmpty)

        let drop = ChangePlan(from: desired, to: empty)
        #expect(drop.sql.contains(#"DROP AGGREGATE "app"."total"(bigint);"#))
        #expect(drop.sql.contains(#"DROP SEQUENCE "app"."ticket";"#))
        #expect(drop.changes.filter(\.isDestructive).map(\.name).sorted() == ["app.email", "app.ticket"])
    }
}
