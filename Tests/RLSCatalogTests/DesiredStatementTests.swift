import Testing

@testable import RLSDatabase

/// What an increment reads of a statement: the object it attaches to, and the name it defines.
@Suite struct DesiredStatementTests {
    @Test(
        arguments: [
            (#"create table "public"."listing" ("id" bigint)"#, "public.listing", "listing"),
            (#"create or replace function "private"."ids"("roles" text[]) returns bigint[] as $$ select 1 $$"#, "private.ids", "ids"),
            (#"create materialized view if not exists app."Totals" as select 1"#, "app.totals", "totals"),
            (#"create schema if not exists "private""#, "private", "private"),
            (#"create unique index "u" on only "public"."t" ("a")"#, "public.t", nil),
            (#"create index on public.t (a)"#, "public.t", nil),
            (#"create policy "on" on "public"."t" for select using (true)"#, "public.t", nil),
            (
                #"create trigger "tr" after insert or update of "email" on "auth"."users" for each row execute function f()"#, "auth.users",
                nil
            ),
            (#"alter table only "public"."t" enable row level security"#, "public.t", nil),
            (#"alter publication "supabase_realtime" add table "public"."listing""#, "public.listing", nil),
            (#"comment on column "public"."t"."c" is 'on table x'"#, "public.t", nil),
            (#"comment on policy "p" on "public"."t" is 'x'"#, "public.t", nil),
            (#"grant select ("a", "b") on table "public"."t" to "anon""#, "public.t", nil),
            (#"revoke all on function "public"."f"(text) from public"#, "public.f", nil),
            (#"insert into "storage"."buckets" ("id") values ('avatars')"#, "storage.buckets", nil),
        ] as [(String, String, String?)])
    func readsTheSubjectAndTheDefinedName(_ text: String, _ subject: String, _ defines: String?) {
        let statement = DesiredStatement(text)
        #expect(statement.subject == subject)
        #expect(statement.defines == defines)
    }

    /// Not understood: every partial build runs them, and a change to one builds everything.
    @Test(arguments: [
        "grant select on all tables in schema public to anon",
        "grant authenticated to app_user",
        "alter default privileges in schema public grant select on tables to anon",
        "do $$ begin perform 1; end $$",
        "select set_config('a', 'b', false)",
    ])
    func otherStatementsHaveNoSubject(_ text: String) {
        #expect(DesiredStatement(text).subject == nil)
    }

    @Test func mentionsFindNamesInBodiesAndQuotedNamesButNotPartsOfWords() {
        let statement = DesiredStatement(
            #"create function f() returns int as $$ select count(*) from "Listing Photos" join reviews using (id) $$"#)
        #expect(statement.mentions(anyOf: ["listing photos"]))
        #expect(statement.mentions(anyOf: ["reviews"]))
        #expect(!statement.mentions(anyOf: ["review"]))
        #expect(!statement.mentions(anyOf: []))
    }

    /// The split reads each statement's words from the tokens it scanned, offsets counted from the
    /// statement's own text: the same words as reading the statement again, strings and bodies included.
    @Test func wordsReadAtTheSplitAreTheStatementsOwn() {
        let sql = """
            -- a comment before
            create table "public"."Listing Photos" (id int);
            comment on table "public"."Listing Photos" is 'photos of a listing, see reviews';
            create function f() returns int as $$ select count(*) from "Listing Photos" join reviews using (id) $$;
            create policy "p" on "public"."reviews" using ((select 'zoë' = any(tags)) and exists (select from listing));
            """
        let split = DesiredStatement.split(sql, withWords: true)
        #expect(split.count == 4)
        for statement in split {
            #expect(statement.words == SQLStatementWords.of(statement.text), "\(statement.text)")
            #expect(statement.statement?.text == statement.text)
        }
        #expect(split[2].words.isSuperset(of: ["listing photos", "reviews", "count"]))
        #expect(split[1].words.contains("reviews"), "a word inside a literal")
        #expect(DesiredStatement.split(sql).map(\.words) == split.map(\.words), "read later when not at the split")
    }

    /// A half may commit as it goes only past statements whose effect lasts beyond their transaction.
    @Test func whatOutlivesItsTransaction() {
        for text in [
            "create table t (id int)", "alter default privileges in schema app revoke execute on functions from public",
            "grant select on all tables in schema public to anon", "revoke all on t from anon", "comment on table t is 'x'",
            "insert into storage.buckets (id, name) values ('a', 'a')", "drop policy p on t",
        ] {
            #expect(DesiredStatement(text).outlivesItsTransaction, "\(text)")
        }
        for text in [
            "set local search_path = app", "select set_config('search_path', 'app', true)", "do $$ begin perform 1; end $$",
            "\"create\" table",
        ] {
            #expect(!DesiredStatement(text).outlivesItsTransaction, "\(text)")
        }
    }
}
