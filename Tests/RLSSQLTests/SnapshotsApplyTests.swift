import ElectricRide
import Foundation
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Every SQL snapshot on disk runs on a fresh Supabase-shaped database as `postgres`, and gives the
/// same privileges whatever the database's default privileges are.
@Suite struct SnapshotsApplyTests {
    static let names = ["electric_ride"] + Constructs.all.map(\.name)

    @Test(arguments: names)
    func snapshotAppliesAsPostgres(_ name: String) throws {
        let sql = try String(contentsOf: Snapshot.url(name), encoding: .utf8)
        let (_, db) = try TestDatabase.make()
        try db.apply(sql)
    }

    @Test(arguments: names)
    func privilegesAreTheSameOnLegacyAutoGrantProjects(_ name: String) throws {
        let sql = try String(contentsOf: Snapshot.url(name), encoding: .utf8)
        let privileges = """
            select c.oid::regclass::text || ' ' || coalesce(c.relacl::text, '') as acl
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'auth')
            union all
            select p.oid::regprocedure::text || ' ' || coalesce(p.proacl::text, '')
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname not in ('pg_catalog', 'information_schema', 'auth')
            order by 1
            """
        var results: [[String]] = []
        for defaults in DefaultPrivileges.allCases {
            let (_, db) = try TestDatabase.make(defaults)
            try db.apply(sql)
            results.append(try db.query(privileges).rows.map { try $0.string("acl") })
        }
        #expect(results.count == 2)
        #expect(results.first == results.last)
    }
}
