import ElectricRide
import RLSCheck
import RLSDatabase
import RLSEmbedded
import RLSModel
import RLSPostgres
import RLSSQL
import RLSTestSupport
import Testing

/// A probe block grants and impersonates once per group of probes that share a persona and a grant;
/// what goes wrong for the group is reported for each of its probes, and only for them.
@Suite struct ProbeGroupTests {
    static let notes = Schema {
        Table("note") {
            Column("id", .bigint).identity().primaryKey()
            Column("author_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
            Column("body", .text)
        }
        .access(.owner(column: "author_id"))
    }

    /// When the database refuses every GRANT, each policies-only probe is not run, with the
    /// server's words, and every other probe still runs and passes.
    @Test func aRefusedGrantLeavesOnlyThePoliciesOnlyProbesNotRun() throws {
        let (url, db) = try ExampleDatabase.make()
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute(
            """
            create function public.no_grants() returns event_trigger language plpgsql as $$
            begin raise exception 'grants are frozen here'; end $$;
            create event trigger no_grants on ddl_command_start when tag in ('GRANT') execute function public.no_grants();
            """)
        let report = try ExampleDatabase.check(db)
        let policiesOnly = report.results.filter { $0.probe.layer == .policiesOnly }
        #expect(policiesOnly.count > 20)
        for result in policiesOnly {
            guard case .notRun(let reason) = result.actual else {
                Issue.record("\(result.probe.name): \(result.actual)")
                continue
            }
            #expect(reason.contains("grants are frozen here"), "\(reason)")
        }
        let others = report.results.filter { $0.probe.layer != .policiesOnly }
        #expect(others.count > 400)
        #expect(others.allSatisfy { $0.verdict == .pass }, "\(MatrixReport(report).text)")
    }

    /// A persona the connecting role may not become is not run, and says so: never "denied by
    /// grant", which for anon would pass where nothing was proven. (Role memberships are
    /// cluster-wide, so this test takes a cluster of its own.)
    @Test func aPersonaThatCannotBeImpersonatedIsNotRunRatherThanDenied() throws {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        let db = try Connection(url: try cluster.createDatabase("probe_groups"))
        defer { db.close() }
        try db.execute("begin;\n" + render(Self.notes) + "\ncommit;")
        let admin = try Connection(url: cluster.url(database: "probe_groups", user: "supabase_admin"))
        defer { admin.close() }
        try admin.execute("revoke anon from postgres")
        let report = try ExampleDatabase.check(db, Self.notes)
        let anon = report.results.filter { $0.probe.persona == .anon }
        #expect(anon.count >= 8)
        for result in anon {
            guard case .notRun(let reason) = result.actual else {
                Issue.record("\(result.probe.name): \(result.actual)")
                continue
            }
            #expect(reason.contains("could not be impersonated") && reason.contains("42501"), "\(reason)")
        }
        let others = report.results.filter { $0.probe.persona != .anon }
        #expect(!others.isEmpty)
        #expect(others.allSatisfy { $0.verdict == .pass }, "\(MatrixReport(report).text)")
    }

    /// The privileges behind a 42501 are asked while the block is still the persona: by the
    /// table's OID, a role without USAGE on the table's schema can still be asked about.
    @Test func privilegesAreReadForATableInASchemaThePersonaCannotUse() throws {
        let schema = Schema {
            Table("secret", schema: "private") {
                Column("id", .bigint).identity().primaryKey()
                Column("owner_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
            }
            .access(.owner(column: "owner_id"))
        }
        let (_, db) = try ExampleDatabase.make(schema)
        #expect(try db.query("select has_schema_privilege('anon', 'private', 'USAGE') as usable").first?["usable"] == "f")
        let report = try ExampleDatabase.check(db, schema)
        let anon = report.results.filter { $0.probe.persona == .anon && $0.probe.layer == .asDeployed }
        #expect(!anon.isEmpty)
        #expect(anon.allSatisfy { $0.actual == .deniedByGrant }, "\(anon.map { "\($0.probe.name): \($0.actual)" })")
        #expect(report.passed, "\(MatrixReport(report).text)")
    }
}
