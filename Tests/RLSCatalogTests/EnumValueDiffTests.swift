import Foundation
import RLSCatalog
import RLSDatabase
import RLSTestSupport
import Testing

/// An enum gains a value that a policy uses: the migration `rls diff` writes must apply with
/// `rls apply`, file by file as the Supabase CLI applies, and replay in plan, check and docs.
@Suite("Enum values written by rls diff apply everywhere")
struct EnumValueDiffTests {
    static let before = """
        CREATE TYPE public.mood AS ENUM ('happy');
        CREATE TABLE public.person (id int PRIMARY KEY, mood public.mood NOT NULL);
        ALTER TABLE public.person ENABLE ROW LEVEL SECURITY;
        """
    static let after = """
        CREATE TYPE public.mood AS ENUM ('happy', 'calm');
        CREATE TABLE public.person (id int PRIMARY KEY, mood public.mood NOT NULL);
        ALTER TABLE public.person ENABLE ROW LEVEL SECURITY;
        CREATE POLICY "calm people" ON public.person FOR SELECT TO authenticated USING (mood = 'calm');
        """

    private func file(_ number: Int, _ name: String, _ sql: String) throws -> MigrationFile {
        let fileName = "\(20_260_101_000_000 + number)_\(name).sql"
        return try MigrationFile(fileName: fileName, path: "Migrations/\(fileName)", contents: sql)
    }

    @Test("The diff's enum values go to a file of their own; both apply, and the plan after is empty")
    func splitDiff() throws {
        let cluster = try TestDatabase.cluster
        let initial = try file(1, "init", Self.before)
        let sql = try #require(try diffMigrations(migrations: [SQLScript(initial)], desiredSQL: Self.after, scratch: cluster))
        let (values, rest) = SQLStatement.separatingEnumValues(sql)
        #expect(values.contains("ADD VALUE 'calm'"))
        #expect(!rest.contains("ADD VALUE"))
        #expect(rest.contains("create policy"))
        let files = [initial, try file(2, "calm_enum_values", values), try file(3, "calm", rest)]

        // rls apply, all pending at once.
        let (_, db) = try TestDatabase.make()
        #expect(try db.applyMigrations(files).applied.count == 3)
        // The Supabase CLI's way: each file in one transaction of its own.
        let (_, cli) = try TestDatabase.make()
        for file in files { try cli.execute("BEGIN;\n\(file.contents)\nCOMMIT;") }
        // Replayed as plan/diff replay them: nothing left to write.
        #expect(try diffMigrations(migrations: files.map(SQLScript.init), desiredSQL: Self.after, scratch: cluster) == nil)
    }

    @Test("Unsplit, the same SQL fails in one transaction (55P04) but rls apply commits the value first")
    func unsplit() throws {
        let cluster = try TestDatabase.cluster
        let initial = try file(1, "init", Self.before)
        let sql = try #require(try diffMigrations(migrations: [SQLScript(initial)], desiredSQL: Self.after, scratch: cluster))
        let combined = try file(2, "calm", sql)

        let (_, cli) = try TestDatabase.make()
        try cli.execute(Self.before)
        let error = try #require(throws: DatabaseError.self) { try cli.execute("BEGIN;\n\(sql)\nCOMMIT;") }
        try? cli.execute("ROLLBACK")
        #expect(error.sqlState == "55P04")

        let (_, db) = try TestDatabase.make()
        #expect(try db.applyMigrations([initial]).applied.count == 1)
        #expect(try db.applyMigrations([initial, combined]).applied == [combined])
        #expect(try db.query("select count(*)::int as n from pg_policies where policyname = 'calm people'").rows[0].int("n") == 1)
    }
}
