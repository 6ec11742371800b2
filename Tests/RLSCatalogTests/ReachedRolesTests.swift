import Foundation
import RLSCatalog
import RLSEmbedded
import RLSModel
import Testing

@testable import RLSDatabase
@testable import RLSPostgres

/// An API role reaches what every role it was granted reaches, through any chain of grants.
@Suite struct ReachedRolesTests {
    /// `grant analyst to anon` where analyst was granted reporting, which may read a table with RLS
    /// off: lint sees anon reading it. Drift, and the membership finding, stay anon's own grant.
    /// (Role memberships are cluster-wide, so this test takes a cluster of its own.)
    @Test func aRoleGrantedToAnonCarriesWhatItsOwnRolesReach() throws {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        let db = try Connection(url: try cluster.createDatabase("reach"))
        defer { db.close() }
        let admin = try Connection(url: cluster.url(database: "reach", user: "supabase_admin"))
        defer { admin.close() }
        try db.execute("create table public.account (id int primary key, password text)")
        try admin.execute(
            """
            create role analyst nologin; create role reporting nologin;
            grant select on public.account to reporting; grant reporting to analyst; grant analyst to anon;
            """)
        let catalog = try db.introspectCatalog()
        #expect(catalog.environment.roleMemberships == [Catalog.RoleMembership(member: .anon, role: Role("analyst"))])
        #expect(catalog.environment.reachedMemberships == [Catalog.RoleMembership(member: Role("analyst"), role: Role("reporting"))])
        #expect(catalog.reach(of: .anon).isSuperset(of: [Role("analyst"), Role("reporting")]))

        let findings = Lint.run(catalog).findings
        let exposed = findings.filter { $0.rule == .sensitiveColumnsExposed }
        #expect(exposed.map(\.object) == ["public.account"])
        #expect(exposed.first?.message.contains("anon may read it") == true, "\(exposed.map(\.message))")
        #expect(findings.filter { $0.rule == .apiRoleMembership }.map(\.object) == ["role anon"])
    }
}
