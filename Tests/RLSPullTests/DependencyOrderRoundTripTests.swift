import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// A database whose objects depend on each other across kinds (column defaults, checks, generated
/// columns and indexes calling functions; SQL functions whose bodies read views and call later
/// functions; views over views; a policy calling a definer helper; a trigger) pulls into a baseline
/// and Swift whose statements run in dependency order (issue 31).
@Suite("Dependency order round trip")
struct DependencyOrderRoundTripTests {
    /// Names are chosen so that the kind order and the name order are both wrong: the outer view and
    /// the calling function sort before what they use.
    static let database = """
        create schema app;
        create schema private;
        create function app.generate_token(length int) returns text language sql volatile
          as $$ select substr(md5(random()::text), 1, length) $$;
        create function app.default_token() returns text language sql volatile
          as $$ select app.generate_token(30) $$;
        create function app.is_positive(n int) returns boolean language sql immutable as $$ select n > 0 $$;
        create function app.slugify(t text) returns text language sql immutable as $$ select lower(t) $$;
        create table app.items (
          id bigint generated always as identity primary key,
          token text not null default app.generate_token(30),
          code text not null default app.default_token(),
          quantity int not null check (app.is_positive(quantity)),
          title text not null,
          slug text generated always as (app.slugify(title)) stored,
          owner_id uuid not null default auth.uid()
        );
        create index items_lower_title on app.items (app.slugify(title));
        create view app.z_items with (security_invoker = true) as select id, title from app.items;
        create view app.a_titles with (security_invoker = true) as select title from app.z_items;
        create function app.count_titles() returns bigint language sql stable as $$ select count(*) from app.a_titles $$;
        create function private.owns_item(item bigint) returns boolean language sql stable security definer
          set search_path = '' as $$ select exists (select 1 from app.items where id = item and owner_id = auth.uid()) $$;
        alter table app.items enable row level security;
        create policy "owner reads" on app.items for select to authenticated using (private.owns_item(id));
        create function app.trim_title() returns trigger language plpgsql as $$
          begin new.title := trim(new.title); return new; end $$;
        create trigger items_trim before insert or update on app.items for each row execute function app.trim_title();
        """

    @Test func baselineReplaysAndGivesTheSameCatalog() throws {
        let (_, original) = try TestDatabase.make()
        defer { original.close() }
        try original.execute(Self.database)
        let pull = try Pull(connection: original, name: "Tokens", origin: "a test database")
        let (_, replayed) = try TestDatabase.make()
        defer { replayed.close() }
        try replayed.execute("BEGIN;\n" + pull.baselineSQL + "\nCOMMIT;")
        let copy = try replayed.introspectCatalog()
        let plan = ChangePlan(from: copy, to: pull.catalog)
        #expect(plan.isEmpty, "\(plan.sql)")
    }

    @Test func pulledSwiftRendersInAnOrderThatApplies() throws {
        let (_, original) = try TestDatabase.make()
        defer { original.close() }
        try original.execute(Self.database)
        let pull = try Pull(connection: original, name: "Tokens", origin: "a test database")
        let desiredSQL = try renderValidated(pull.pulled.schema)
        let (_, rendered) = try TestDatabase.make()
        defer { rendered.close() }
        try rendered.execute("BEGIN;\n" + desiredSQL + "\nCOMMIT;")
        let drift = try Drift.plan(target: original, desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        #expect(drift.isEmpty, "drift after pull:\n\(drift.sql)")
    }

    /// `rls diff` from a first migration that has only the schema to the whole database: the
    /// migration it writes applies after the first one.
    @Test func diffFromAnEarlierStateApplies() throws {
        let first = SQLScript(name: "20260101000000_schemas.sql", sql: "create schema app;\ncreate schema private;\n")
        let (_, original) = try TestDatabase.make()
        defer { original.close() }
        try original.execute(Self.database)
        let desiredSQL = try renderValidated(Pull(connection: original, name: "Tokens", origin: "a test").pulled.schema)
        let plan = try Drift.migrationPlan(migrations: [first], desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        let (_, target) = try TestDatabase.make()
        defer { target.close() }
        try target.execute(first.sql)
        try target.execute("BEGIN;\n" + plan.sql + "\nCOMMIT;")
        let after = try Drift.plan(target: target, desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        #expect(after.isEmpty, "left after the diff:\n\(after.sql)")
    }

    /// `rls diff` on tables that already exist: a new column defaulting to a new function, a new
    /// check and a new index calling new functions, a changed default calling a new function, and a
    /// new SQL function reading a new view. Each used object is created before its first use.
    @Test func diffThatMakesKeptTablesCallNewFunctionsApplies() throws {
        let first = SQLScript(
            name: "20260101000000_items.sql",
            sql: """
                create schema app;
                create table app.items (id bigint primary key, title text not null, code text default 'x');
                """)
        let desiredSQL = """
            create schema app;
            create function app.generate_token(length int) returns text language sql volatile
              as $$ select substr(md5(random()::text), 1, length) $$;
            create function app.default_code() returns text language sql volatile as $$ select app.generate_token(8) $$;
            create function app.is_titled(t text) returns boolean language sql immutable as $$ select t <> '' $$;
            create function app.slugify(t text) returns text language sql immutable as $$ select lower(t) $$;
            create table app.items (
              id bigint primary key,
              title text not null constraint items_titled check (app.is_titled(title)),
              code text default app.default_code(),
              token text not null default app.generate_token(30)
            );
            create index items_slug on app.items (app.slugify(title));
            create view app.z_titles with (security_invoker = true) as select title from app.items;
            create function app.a_count() returns bigint language sql stable as $$ select count(*) from app.z_titles $$;
            """
        let plan = try Drift.migrationPlan(migrations: [first], desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        let (_, target) = try TestDatabase.make()
        defer { target.close() }
        try target.execute(first.sql)
        try target.execute("insert into app.items (id, title) values (1, 'First')")
        try target.execute("BEGIN;\n" + plan.sql + "\nCOMMIT;")
        let after = try Drift.plan(target: target, desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        #expect(after.isEmpty, "left after the diff:\n\(after.sql)")
    }

    /// A new table moved up (a new SQL function reads it, and a kept table's new column defaults to
    /// that function) still comes after the new table its foreign key references.
    @Test func aTableMovedUpKeepsTheTablesItReferencesBeforeIt() throws {
        let first = SQLScript(
            name: "20260101000000_items.sql", sql: "create schema app;\ncreate table app.items (id bigint primary key);\n")
        let desiredSQL = """
            create schema app;
            create table app.kinds (id bigint primary key, name text not null);
            create table app.names (id bigint primary key, kind_id bigint not null references app.kinds (id), name text);
            create function app.first_name() returns text language sql stable as $$ select min(name) from app.names $$;
            create table app.items (id bigint primary key, label text default app.first_name());
            """
        let plan = try Drift.migrationPlan(migrations: [first], desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        let (_, target) = try TestDatabase.make()
        defer { target.close() }
        try target.execute(first.sql)
        try target.execute("BEGIN;\n" + plan.sql + "\nCOMMIT;")
        let after = try Drift.plan(target: target, desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        #expect(after.isEmpty, "left after the diff:\n\(after.sql)")
    }

    /// A true cycle a database can hold (built in steps): a SQL function reads the table whose
    /// column defaults to it. The baseline creates the function first with its body unchecked.
    @Test func aCycleThroughASQLFunctionBodyReplays() throws {
        let (_, original) = try TestDatabase.make()
        defer { original.close() }
        try original.execute(
            """
            create schema app;
            create table app.codes (id bigint primary key, code text);
            create function app.next_code() returns text language sql volatile
              as $$ select 'c' || count(*) from app.codes $$;
            alter table app.codes alter column code set default app.next_code();
            """)
        let pull = try Pull(connection: original, name: "Codes", origin: "a test database")
        let (_, replayed) = try TestDatabase.make()
        defer { replayed.close() }
        try replayed.execute("BEGIN;\n" + pull.baselineSQL + "\nCOMMIT;")
        #expect(try replayed.query("show check_function_bodies").rows.first?.string("check_function_bodies") == "on")
        let plan = ChangePlan(from: try replayed.introspectCatalog(), to: pull.catalog)
        #expect(plan.isEmpty, "\(plan.sql)")
        // The pulled Swift renders the same way.
        let desiredSQL = try renderValidated(pull.pulled.schema)
        let (_, rendered) = try TestDatabase.make()
        defer { rendered.close() }
        try rendered.execute("BEGIN;\n" + desiredSQL + "\nCOMMIT;")
        #expect(try rendered.query("show check_function_bodies").rows.first?.string("check_function_bodies") == "on")
    }
}
