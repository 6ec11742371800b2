import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("Finding statements that can lose data")
struct DestructiveStatementTests {
    private func kinds(_ sql: String) -> [DestructiveKind] {
        SQLStatement.split(sql).flatMap(\.destructiveKinds)
    }

    @Test(
        "Each destructive form is found",
        arguments: [
            ("drop table public.saved", DestructiveKind.dropTable),
            ("DROP TABLE IF EXISTS a, b CASCADE", .dropTable),
            ("drop schema app cascade", .dropSchema),
            ("drop extension citext", .dropExtension),
            ("drop materialized view app.tag_counts", .dropMaterializedView),
            ("drop type public.mood", .dropType),
            ("drop domain email", .dropType),
            ("truncate saved", .truncate),
            ("TRUNCATE TABLE a, b RESTART IDENTITY", .truncate),
            ("delete from saved", .deleteWithoutWhere),
            ("with old as (select 1 where true) delete from saved", .deleteWithoutWhere),
            ("delete from saved using patron", .deleteWithoutWhere),
            ("with gone as (delete from saved returning *) insert into archive select * from gone", .deleteWithoutWhere),
            ("with old as (select id from saved where id > 3) delete from saved", .deleteWithoutWhere),
            ("alter table saved drop column note", .dropColumn),
            ("alter table saved drop note", .dropColumn),
            ("alter table if exists only public.saved drop column if exists note", .dropColumn),
            (#"alter table "owner" drop column x"#, .dropColumn),
            ("alter table owner drop column x", .dropColumn),
            ("alter table saved alter column price type numeric(10,2)", .alterColumnType),
            ("alter table saved alter price set data type bigint using price::bigint", .alterColumnType),
        ])
    func found(sql: String, kind: DestructiveKind) {
        #expect(kinds(sql) == [kind])
    }

    @Test(
        "Look-alikes that keep data are not flagged",
        arguments: [
            "alter table saved drop constraint saved_pkey",
            "alter table saved alter column note drop default",
            "alter table saved alter column note drop not null",
            "alter table saved alter column note set default 'x'",
            "alter table saved add column type text",
            "alter table saved rename column type to kind",
            "drop policy \"read own\" on saved",
            "drop index saved_patron_idx",
            "drop function public.handle_new_user()",
            "drop trigger on_auth_user_created on auth.users",
            "drop view listing_summary",
            "delete from saved where patron_id = 1",
            "delete from saved where current of c",
            "with gone as (delete from saved where id = 1 returning *) select * from gone",
            "with gone as (delete from saved where id in (select id from x) returning *) select 1",
            "select 'drop table saved; truncate x'",
            "create table t (x int check (x > 0))",
            "comment on table saved is 'delete from everything'",
            "insert into log select * from saved where id in (select id from x)",
            "grant select, insert, update, delete on table public.saved to authenticated",
            "revoke delete on public.saved from anon",
            "create policy delete_owner on public.saved for delete to authenticated using (true)",
            "create trigger t after insert or update or delete on public.listing for each statement execute function f()",
            "alter default privileges in schema public grant delete on tables to service_role",
        ])
    func notFound(sql: String) {
        #expect(kinds(sql) == [])
    }

    @Test("Several actions in one ALTER TABLE each count; commas in parentheses do not split")
    func multipleActions() {
        #expect(
            kinds("alter table t add column c numeric(10, 2), drop column d, alter column e type text")
                == [.dropColumn, .alterColumnType])
    }

    @Test("A file lists its destructive statements with their lines")
    func fileList() throws {
        let file = try MigrationFile(
            fileName: "20261122153000_cleanup.sql", path: "Migrations/20261122153000_cleanup.sql",
            contents: "create table a (x int);\n-- remove the old one\ndrop table old;\n\ntruncate a;")
        #expect(file.destructiveStatements.map(\.line) == [3, 5])
        #expect(file.destructiveStatements.map(\.kind) == [.dropTable, .truncate])
        #expect("\(file.destructiveStatements[0])" == "20261122153000_cleanup.sql:3: drop table old — drops a table and its rows")
    }

    @Test("BEGIN, COMMIT, savepoints and friends are transaction control; BEGIN ATOMIC is not")
    func transactionControl() {
        let control = [
            "begin", "BEGIN TRANSACTION", "start transaction", "commit", "end", "rollback", "abort",
            "prepare transaction 'x'", "commit and chain", "savepoint a", "rollback to savepoint a",
            "release savepoint a",
        ]
        for sql in control {
            #expect(SQLStatement.split(sql)[0].isTransactionControl, "\(sql)")
        }
        let ordinary = [
            "prepare q as select 1",
            "create function f() returns int language sql begin atomic select 1; end", "select 1",
        ]
        for sql in ordinary {
            #expect(!SQLStatement.split(sql)[0].isTransactionControl, "\(sql)")
        }
    }
}
