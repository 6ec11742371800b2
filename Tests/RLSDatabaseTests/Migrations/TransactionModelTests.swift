import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("The transaction model: enum values first, batches only where a new type needs one")
struct TransactionModelTests {
    private func statements(_ files: String...) -> [[SQLStatement]] {
        files.map(SQLStatement.split)
    }

    @Test("Without enum values, every statement runs in one batch, in order")
    func oneBatch() {
        let batches = TransactionModel.batches(statements("create table a (x int); select 1;", "select 2;"))
        #expect(batches.count == 1)
        #expect(batches[0].files == 0..<2)
        #expect(batches[0].enumValues.isEmpty)
        #expect(batches[0].main.map(\.file) == [0, 0, 1])
    }

    @Test("A value added to an existing type goes first; its use stays in the main transaction")
    func existingType() {
        let batches = TransactionModel.batches(
            statements(
                "create table a (x int);\nalter type public.mood add value 'calm';\nselect 'calm'::public.mood;",
                "alter type \"Mood\" add value if not exists 'x' after 'y';"))
        #expect(batches.count == 1)
        #expect(batches[0].enumValues == [.init(file: 0, statement: 1), .init(file: 1, statement: 0)])
        #expect(batches[0].main == [.init(file: 0, statement: 0), .init(file: 0, statement: 2)])
    }

    @Test("A value added to a type created earlier in the same file stays in place")
    func sameFile() {
        let batches = TransactionModel.batches(
            statements(
                "create type mood as enum ('a');\nalter type MOOD add value 'b';"))
        #expect(batches.count == 1)
        #expect(batches[0].enumValues.isEmpty)
        #expect(batches[0].main.count == 2)
    }

    @Test("A value added to a type an earlier file creates starts a new batch at that file")
    func newBatch() {
        let batches = TransactionModel.batches(
            statements(
                "create type mood as enum ('a');", "select 1;", "alter type mood add value 'b';\nselect 'b'::mood;", "select 3;"))
        #expect(batches.map(\.files) == [0..<2, 2..<4])
        #expect(batches[1].enumValues == [.init(file: 2, statement: 0)])
        #expect(batches[1].main == [.init(file: 2, statement: 1), .init(file: 3, statement: 0)])
    }

    @Test("Run again after a failure, an added value is skipped instead of failing")
    func repeatable() {
        #expect(
            SQLStatement.split("alter type mood add value 'calm' before 'sad'")[0].repeatableEnumValueText
                == "alter type mood add value IF NOT EXISTS 'calm' before 'sad'")
        #expect(
            SQLStatement.split("ALTER TYPE mood ADD VALUE if not exists 'calm'")[0].repeatableEnumValueText
                == "ALTER TYPE mood ADD VALUE if not exists 'calm'")
    }

    @Test("Only ALTER TYPE … ADD VALUE counts, not a rename or a column named value")
    func classifier() {
        #expect(SQLStatement.split("alter type mood rename value 'a' to 'b'")[0].enumValueType == nil)
        #expect(SQLStatement.split("alter table t add value int")[0].enumValueType == nil)
        #expect(SQLStatement.split("create type pair as (a int, b int)")[0].createdEnumType == nil)
        #expect(SQLStatement.split("create type app.pair as enum ()")[0].createdEnumType == "pair")
    }
}

@Suite("rls diff keeps new enum values in a file of their own")
struct SeparateEnumValuesTests {
    @Test("ADD VALUE statements move to their own script; the rest keeps its text and order")
    func separates() {
        let script = """
            CREATE TABLE public.a (id int);
            ALTER TYPE public.mood ADD VALUE 'calm' AFTER 'happy';
            CREATE POLICY "calm" ON public.a FOR SELECT TO authenticated USING (true);
            ALTER TYPE public."Mood" ADD VALUE 'sad';
            """
        let (values, rest) = SQLStatement.separatingEnumValues(script)
        #expect(values == "ALTER TYPE public.mood ADD VALUE 'calm' AFTER 'happy';\nALTER TYPE public.\"Mood\" ADD VALUE 'sad';\n")
        #expect(rest == "CREATE TABLE public.a (id int);\nCREATE POLICY \"calm\" ON public.a FOR SELECT TO authenticated USING (true);\n")
    }

    @Test("A script without enum values comes back whole")
    func nothingToSeparate() {
        let (values, rest) = SQLStatement.separatingEnumValues("select 1;\n-- done\n")
        #expect(values.isEmpty)
        #expect(rest == "select 1;\n-- done\n")
    }
}
