import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("Splitting SQL scripts into statements")
struct StatementSplitTests {
    private func texts(_ script: String) -> [String] {
        SQLStatement.split(script).map(\.text)
    }

    @Test("Statements split at semicolons, with their line and column")
    func lines() {
        let statements = SQLStatement.split("create table a (x int);\n\n  create table b (\n  y int\n);\nselect 1")
        #expect(statements.map(\.text) == ["create table a (x int)", "create table b (\n  y int\n)", "select 1"])
        #expect(statements.map(\.line) == [1, 3, 6])
        #expect(statements.map(\.column) == [1, 3, 1])
        #expect(statements[1].offset == 27)
    }

    @Test("Semicolons inside strings, identifiers and comments do not split")
    func quoting() {
        #expect(texts("select 'a;b', 'it''s;'; select 2") == ["select 'a;b', 'it''s;'", "select 2"])
        #expect(texts(#"select E'back\';slash'; select 2"#) == [#"select E'back\';slash'"#, "select 2"])
        #expect(texts(#"select e'\\'; select 2"#) == [#"select e'\\'"#, "select 2"])
        #expect(texts(#"create table "odd;name" (x int); select 2"#) == [#"create table "odd;name" (x int)"#, "select 2"])
        #expect(texts("select 1 -- a; comment\n; select 2") == ["select 1", "select 2"])
        #expect(
            texts("select /* a; /* nested; */ still; */ 1; select 2") == [
                "select /* a; /* nested; */ still; */ 1", "select 2",
            ])
        #expect(texts(#"select 'a\'; select 2"#) == [#"select 'a\'"#, "select 2"])
    }

    @Test("Dollar quotes, tagged and nested, hide their semicolons")
    func dollarQuotes() {
        let function = """
            create function f() returns trigger language plpgsql as $body$
            begin
              execute $q$ select 1; $q$;
              return new;
            end;
            $body$;
            select $$;$$, $1, a$b
            """
        let statements = SQLStatement.split(function)
        #expect(statements.count == 2)
        #expect(statements[0].text.hasSuffix("$body$"))
        #expect(statements[1].text == "select $$;$$, $1, a$b")
        #expect(statements[1].line == 7)
    }

    @Test("An identifier containing $ is not a dollar quote")
    func dollarInIdentifier() {
        #expect(texts("select a$b$ from t; select 2") == ["select a$b$ from t", "select 2"])
    }

    @Test("BEGIN ATOMIC bodies of SQL-standard functions stay whole")
    func beginAtomic() {
        let script = """
            create or replace function f(x int) returns int language sql
            begin atomic
              select case when x > 0 then 1 else 0 end;
              select x;
            end;
            begin;
            select 3;
            commit;
            """
        #expect(SQLStatement.split(script).map(\.line) == [1, 6, 7, 8])
        #expect(texts(script)[1...] == ["begin", "select 3", "commit"])
    }

    @Test("Empty statements, comment-only scripts and a trailing comment give nothing extra")
    func empties() {
        #expect(texts(";;  ;\n-- only a comment\n/* and another */") == [])
        #expect(texts("select 1 -- no semicolon at the end") == ["select 1"])
        #expect(texts("-- header\nselect 1;\n-- footer\n") == ["select 1"])
        #expect(SQLStatement.split("-- header\n\nselect 1;")[0].line == 3)
    }

    @Test("An unterminated string or comment runs to the end instead of crashing")
    func unterminated() {
        #expect(texts("select 'abc; select 2").count == 1)
        #expect(texts("select $$abc; select 2").count == 1)
        #expect(texts("select 1; /* open").count == 1)
    }

    @Test("A server position inside a statement maps to the file's line")
    func positionToLine() {
        let statement = SQLStatement.split("\n\n\nselect\n  nope,\n  other")[0]
        #expect(statement.line == 4)
        #expect(statement.line(atCharacter: 1) == 4)
        #expect(statement.line(atCharacter: 10) == 5)
        #expect(statement.line(atCharacter: 17) == 6)
    }

    @Test("Offsets count Unicode scalars, as the server counts characters")
    func unicodeOffsets() {
        let statements = SQLStatement.split("select 'café 🚲';\nselect 2")
        #expect(statements[1].offset == 17)
        #expect(statements[1].line == 2)
    }
}
