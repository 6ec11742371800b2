import RLSDatabase
import RLSPull
import RLSTestSupport
import Testing

/// Issue 31, nothing silently dropped: objects the catalog does not read (domains, composite and
/// range types, aggregates) are named by pull, loudly, instead of vanishing from the baseline; the
/// functions Postgres makes for a range type go with the type, not into the Swift.
@Suite("Objects pull cannot carry are named")
struct UnreadObjectsTests {
    @Test func domainsTypesAndAggregatesAreNamed() throws {
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
            create table walk.person (id bigint primary key, mail walk.email, p walk.pair);
            """)
        let pull = try Pull(connection: db, name: "App", origin: "a test database")
        let named = pull.pulled.notes.filter { $0.message.hasPrefix("NOT in the baseline") }.map(\.object)
        #expect(named == ["aggregate walk.total(integer)", "composite type walk.pair", "domain walk.email", "range type walk.span"])
        #expect(pull.sources.files["App.swift"]?.contains("domain walk.email: NOT in the baseline") == true)
        // A standalone sequence is not created by the baseline either, and the note says so (it said "kept").
        #expect(pull.pulled.notes.contains { $0.object == "sequence walk.counter" && $0.message.contains("NOT created by the baseline") })
        #expect(!pull.baselineSQL.lowercased().contains("create sequence"))
        // The range type's constructors are Postgres's, made with the type: not functions of the project.
        #expect(!pull.pulled.schema.functions.contains { $0.name.hasPrefix("span") }, "\(pull.pulled.schema.functions.map(\.name))")
        #expect(!pull.baselineSQL.contains("span_multirange"))
    }
}
