import Testing

@testable import RLSMigrations

/// Which statements only add rows of literals to one table (what a catalog-only replay may leave
/// out at the end of the files).
@Suite("Literal rows")
struct LiteralRowsTests {
    @Test(
        "INSERT … VALUES of literals names its table",
        arguments: [
            ("insert into public.seed (id, body) values (1, 'a'), (2, null)", ["public", "seed"]),
            ("INSERT INTO \"Seed\" VALUES (-1, E'x\\'y', $$z;$$, true, false, default, +2.5)", ["Seed"]),
            ("insert into Public.Seed values (1)", ["public", "seed"]),
        ])
    func literalRows(sql: String, table: [String]) {
        #expect(SQLStatement.split(sql).map(\.literalRowsTable) == [table])
    }

    @Test(
        "Anything else is not",
        arguments: [
            "insert into seed values (now())",
            "insert into seed values ('{}'::jsonb)",
            "insert into seed select 1",
            "insert into seed values (1) on conflict do nothing",
            "insert into seed values (1) returning id",
            "insert into seed values ($1)",
            "insert into a.b.c values (1)",
            "insert into seed values (1,)",
            "insert into seed values (1), (2",
            "insert into seed values (- 'a')",
            "insert into seed. values (1)",
            "insert into seed (a,) values (1)",
            "update seed set x = 1",
            "with x as (select 1) insert into seed values (1)",
        ])
    func notLiteralRows(sql: String) {
        #expect(SQLStatement.split(sql).map(\.literalRowsTable) == [nil])
    }
}
