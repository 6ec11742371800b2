import Foundation
import RLSCatalog
import RLSMigrations
import RLSPostgres
import RLSTestSupport
import Testing

@testable import RLSDatabase

/// What a plan computes once and reuses lives in a ``PlanningMemo`` its caller owns: two runs in
/// one process share nothing, so neither's result depends on what ran before it.
@Suite struct PlanningMemoTests {
    /// Runs `body` with a script that needs a role of the cluster (roles are cluster-wide, not per
    /// database) and a way to drop that role: a second run after the drop must see it gone.
    static func withScriptNeedingRole(_ body: (_ sql: String, _ role: String, _ dropRole: () throws -> Void) throws -> Void) throws {
        let role = "memo_reader_\(UUID().uuidString.prefix(8).lowercased())"
        let admin = try Connection(url: try TestDatabase.cluster.url(database: "postgres", user: "supabase_admin"))
        defer { admin.close() }
        try admin.execute("create role \(role)")
        let sql = "create table public.memo_note (id int);\ngrant select on public.memo_note to \(role);\n"
        // The throwaway databases that granted to it are dropped on another thread: gone first.
        try body(sql, role) {
            try TestDatabase.cluster.waitForDatabaseDrops()
            try admin.execute("drop role \(role)")
        }
    }

    /// A first plan splits its schema while it connects: the build gets those statements, with
    /// their words, and any other SQL is split where it is asked for.
    @Test func statementsSplitAheadAreThoseOfThatSQLOnly() throws {
        let memo = PlanningMemo()
        let sql = DesiredSplitTests.tables(3)
        #expect(memo.desiredStatements(of: sql) == nil, "nothing split ahead")
        memo.splitSoon(sql)
        let ahead = try #require(memo.desiredStatements(of: sql))
        #expect(ahead.map(\.text) == DesiredStatement.split(sql).map(\.text))
        #expect(ahead.map(\.words) == DesiredStatement.split(sql).map(\.words))
        #expect(memo.desiredStatements(of: sql + "select 1;\n") == nil)
    }

    @Test("Two plans in one process do not share a replay: the second sees the role dropped in between")
    func runsShareNothing() throws {
        try Self.withScriptNeedingRole { sql, role, dropRole in
            let first = try Drift.desiredCatalog(sql, in: try TestDatabase.cluster)
            #expect(first.grants.contains { $0.grantee.name == role && $0.object.name == "memo_note" })
            try dropRole()
            // The same SQL, the same server, the same default privileges: only the cluster changed.
            #expect(throws: DriftError.self) { try Drift.desiredCatalog(sql, in: try TestDatabase.cluster) }
            #expect(throws: DriftError.self) {
                try ScratchDatabase.catalog(applying: [SQLScript(name: "the schema", sql: sql)], in: try TestDatabase.cluster)
            }
        }
    }

    @Test("Within one run, the memo answers the same replay again without running it")
    func oneRunReplaysOnce() throws {
        try Self.withScriptNeedingRole { sql, _, dropRole in
            let memo = PlanningMemo()
            let first = try Drift.desiredCatalog(sql, in: try TestDatabase.cluster, memo: memo)
            try dropRole()
            // Not replayed (it would fail now): the run's memo holds the answer.
            let second = try Drift.desiredCatalog(sql, in: try TestDatabase.cluster, memo: memo)
            #expect(second == first)
        }
    }

    @Test("The memo's digest is the SQL's, whichever SQL came before")
    func digestFollowsTheSQL() {
        let memo = PlanningMemo()
        let first = memo.digest("create table a (id int);")
        let second = memo.digest("create table b (id int);")
        #expect(first == SHA256.hexDigest(of: "create table a (id int);".utf8))
        #expect(second == SHA256.hexDigest(of: "create table b (id int);".utf8))
        #expect(memo.digest("create table a (id int);") == first)
    }
}
