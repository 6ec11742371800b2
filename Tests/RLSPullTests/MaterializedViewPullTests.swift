import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// Issue 31: a materialized view is declared by pull (`View(...).materialized(...)` with its indexes,
/// comment and grants), created by the baseline after what it reads, and plan is empty right after pull.
@Suite("Materialized views, as pull declares them")
struct MaterializedViewPullTests {
    static let database = """
        create schema app;
        grant usage on schema app to authenticated, service_role;
        create table app.score (id bigint primary key, player text not null, points integer not null);
        create view app.live_scores with (security_invoker = true) as select player, points from app.score;
        create function app.bonus(points integer) returns integer language sql immutable as $$ select points * 2 $$;
        create materialized view app.leaders as
          select player, sum(app.bonus(points)) as total from app.live_scores group by player;
        comment on materialized view app.leaders is 'Refreshed nightly';
        create unique index leaders_player on app.leaders (player);
        create index on app.leaders using brin (total) where total > 0;
        grant select on app.leaders to authenticated, service_role;
        create materialized view app.top as select player from app.leaders where total > 10 with no data;
        """

    @Test func planIsEmptyAfterPullAndTheBaselineGivesItBack() throws {
        let (_, db) = try TestDatabase.make(.none)
        defer { db.close() }
        try db.execute(Self.database)
        let pull = try Pull(connection: db, name: "App", origin: "a test database")
        #expect(
            pull.pulled.notes.allSatisfy { !$0.description.contains("leaders") && !$0.description.contains("top") }, "\(pull.pulled.notes)")
        let swift = pull.sources.files.values.joined()
        #expect(swift.contains(".materialized(withData: false)"), "\(swift)")
        #expect(swift.contains(#"Index("player", unique: true, name: "leaders_player")"#), "\(swift)")
        try PulledProject.expectNoDriftAfterPull(pull, on: db)

        let replayed = try PulledProject.replayedBaseline(pull)
        defer { replayed.close() }
        let facts = """
            select c.relname || ' ' || c.relispopulated || ' ' || array_to_string(coalesce(c.relacl, acldefault('r', c.relowner)), ',')
                   || ' ' || coalesce(obj_description(c.oid, 'pg_class'), '')
                   || ' ' || coalesce((select string_agg(pg_get_indexdef(i.indexrelid), '; ' order by 1)
                                       from pg_index i where i.indrelid = c.oid), '') as line
            from pg_class c where c.relnamespace = 'app'::regnamespace and c.relkind = 'm' order by 1
            """
        let lines = { (connection: Connection) in try connection.query(facts).rows.map { try $0.string("line") } }
        let (original, copy) = (try lines(db), try lines(replayed))
        #expect(copy == original, "replayed:\n\(copy.joined(separator: "\n"))\noriginal:\n\(original.joined(separator: "\n"))")
        #expect(original.count == 2)
    }

    /// Dropping a materialized view, or changing its query, loses its rows: the plan says so.
    @Test func droppingOrChangingOneIsDestructive() throws {
        let (_, db) = try TestDatabase.make(.none)
        defer { db.close() }
        try db.execute(Self.database)
        let pull = try Pull(connection: db, name: "App", origin: "a test database")
        var schema = pull.pulled.schema
        schema.views.removeAll { $0.name == "top" }
        let dropped = try Drift.plan(target: db, desiredSQL: try renderValidated(schema), scratch: TestDatabase.cluster)
        #expect(dropped.changes.map(\.summary) == ["- view app.top (destructive)"], "\(dropped.sql)")
        #expect(dropped.sql.contains(#"DROP MATERIALIZED VIEW "app"."top";"#), "\(dropped.sql)")

        // A changed query drops it (and what reads it) and creates both again.
        schema = pull.pulled.schema
        let leaders = try #require(schema.views.firstIndex { $0.name == "leaders" })
        schema.views[leaders].query = SQL(raw: schema.views[leaders].query.text.replacingOccurrences(of: "sum(", with: "max("))
        let changed = try Drift.plan(target: db, desiredSQL: try renderValidated(schema), scratch: TestDatabase.cluster)
        #expect(changed.isDestructive)
        #expect(
            Set(changed.changes.filter { $0.object == .view }.map(\.summary))
                == ["- view app.leaders (destructive)", "- view app.top (destructive)", "~ view app.leaders", "~ view app.top"],
            "\(changed.sql)")
        try db.execute(changed.sql)
        let again = try Drift.plan(target: db, desiredSQL: try renderValidated(schema), scratch: TestDatabase.cluster)
        #expect(again.isEmpty, "\(again.sql)")
    }

    /// A comment, an index or `withData:` changes in place: nothing is dropped.
    @Test func commentIndexesAndDataChangeInPlace() throws {
        let (_, db) = try TestDatabase.make(.none)
        defer { db.close() }
        try db.execute(Self.database)
        var schema = try Pull(connection: db, name: "App", origin: "a test database").pulled.schema
        let top = try #require(schema.views.firstIndex { $0.name == "top" })
        schema.views[top] = schema.views[top].materialized(withData: true).indexes(Index("player", name: "top_player"))
        schema.views[top].comment = "The best"
        let plan = try Drift.plan(target: db, desiredSQL: try renderValidated(schema), scratch: TestDatabase.cluster)
        #expect(!plan.isDestructive, "\(plan.sql)")
        let statements = plan.sql.split(separator: "\n").filter { !$0.isEmpty && !$0.hasPrefix("--") }
        #expect(
            Set(statements) == [
                #"REFRESH MATERIALIZED VIEW "app"."top";"#, #"CREATE INDEX top_player ON app.top USING btree (player);"#,
                #"COMMENT ON MATERIALIZED VIEW "app"."top" IS 'The best';"#,
            ], "\(plan.sql)")
        try db.execute(plan.sql)
        let again = try Drift.plan(target: db, desiredSQL: try renderValidated(schema), scratch: TestDatabase.cluster)
        #expect(again.isEmpty, "\(again.sql)")
    }
}
