import RLSCheck
import RLSDatabase
import RLSTestSupport
import Testing

@testable import RLSCommandLine

@Suite("rls doctor")
struct DoctorCommandTests {
    @Test func aSupabaseShapedDatabasePassesEveryFinding() throws {
        let database = try TestDatabase.make()
        let result = runRLS(["doctor", "--database-url", database.url])
        #expect(result.code == .success, "\(result.output)\(result.error)")
        #expect(result.output.contains("ok   anon is refused a table it has no grant on: 42501"))
        #expect(result.output.contains("auth.uid() = \(Persona.User.alice.id)"))
        #expect(result.output.contains("All 7 checks passed."))
        #expect(!result.error.contains(try TestDatabase.cluster.password))
    }

    @Test func aBrokenAuthUIDIsNamed() throws {
        let database = try TestDatabase.make()
        let admin = try TestDatabase.admin(database.url)
        defer { admin.close() }
        try admin.execute("create or replace function auth.uid() returns uuid language sql stable as $$ select null::uuid $$")
        let result = runRLS(["doctor", "--database-url", database.url])
        #expect(result.code == .failure)
        #expect(result.output.contains("FAIL a signed-in user gets their own id from auth.uid()"))
        #expect(result.output.contains("auth.uid() returned null"))
    }

    @Test func aSuperuserConnectionIsFlagged() throws {
        let database = try TestDatabase.make()
        let result = runRLS(["doctor", "--database-url", try TestDatabase.adminURL(database.url)])
        #expect(result.code == .failure)
        #expect(result.output.contains("supabase_admin is a superuser"))
    }

    /// A project whose publication was recreated by someone else (or without Realtime) cannot take
    /// live tables: doctor says so and what to do.
    @Test func aPublicationPostgresDoesNotOwnIsNamed() throws {
        let database = try TestDatabase.make()
        let admin = try TestDatabase.admin(database.url)
        defer { admin.close() }
        try admin.execute("alter publication supabase_realtime owner to supabase_admin")
        let result = runRLS(["doctor", "--database-url", database.url])
        #expect(result.code == .failure)
        #expect(result.output.contains("alter publication supabase_realtime owner to postgres"), "\(result.output)")
        try admin.execute("drop publication supabase_realtime; create publication supabase_realtime for all tables")
        let all = runRLS(["doctor", "--database-url", database.url])
        #expect(all.output.contains("supabase_realtime is FOR ALL TABLES"), "\(all.output)")
        try admin.execute("drop publication supabase_realtime")
        let missing = runRLS(["doctor", "--database-url", database.url])
        #expect(missing.output.contains("no supabase_realtime publication"), "\(missing.output)")
    }
}
