import ElectricRide
import RLSCheck
import RLSDocs
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// The "By role" grid of tables that members plans decide: one row per role the membership knows
/// plus the outsider, and each cell what `rls check`'s persona in that role observes on a real database.
@Suite struct RoleGridTests {
    @Test func rolesComeFromTheEnumThenTheOutsider() throws {
        let grid = try #require(Example.matrix.roleGrid(for: Example.table("dealership_listing")))
        #expect(grid.rows.map(\.role) == ["owner", "admin", "staff", "outsider"])
        #expect(grid.rows.map { $0.outcomes.map(\.symbol).joined() } == ["✓✓✓✓", "✓✓✓✓", "✓✓✓⊘", "✓⊘⊘⊘"])
        #expect(grid.whose == "the row's dealership")
        #expect(grid.legend.hasSuffix("outsider: a signed-in user who is no member of the dealership."))
        #expect(!grid.legend.contains("✗"), "only the symbols the grid uses")
    }

    @Test func tablesWithoutMembersPlansHaveNone() {
        #expect(Example.matrix.roleGrid(for: Example.table("saved")) == nil)
        #expect(Example.matrix.roleGrid(for: Example.table("listing")) == nil)
    }

    @Test func bothPagesShowIt() throws {
        let pages = try AccessDocs.pages(for: Example.schema, proof: Example.unproven)
        let page = try #require(pages.first { $0.fileName == "ACCESS.md" }).contents
        #expect(
            page.contains(
                "**By role**, for members of the row's dealership:\n\n| role | see | add | change | remove |\n|---|:-:|:-:|:-:|:-:|\n| owner | ✓ | ✓ | ✓ | ✓ |"
            ))
        let html = try #require(pages.first { $0.fileName == "access.html" }).contents
        #expect(html.contains(#"<tr><th class="table">staff</th><td class="allowed" title="staff, see: allowed">✓</td>"#))
        #expect(html.contains(#"<p class="legend">✓ allowed (where membership decides, only for their own dealership)"#))
    }

    /// Every cell against the check on a real database: the owner is alice (after two-factor sign-in
    /// where the table needs it), admin and staff are the members the check adds, the outsider is carol.
    @Test func everyCellIsWhatTheCheckObserves() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + render(Example.schema) + "\ncommit;")
        let report = try AccessCheck.run(Example.schema, on: db)
        var compared = 0
        for table in Example.schema.tables {
            guard let grid = Example.matrix.roleGrid(for: table) else { continue }
            for row in grid.rows {
                for (operation, expected) in zip(Operation.allCases, row.outcomes) {
                    let mfa = table.signInRequirements(operation).contains(.twoFactor)
                    let name =
                        switch row.role {
                        case "owner": mfa ? "alice (aal2)" : "alice"
                        case RoleGrid.outsider: "carol"
                        default: row.role
                        }
                    let target: ProbeTarget = operation == .select ? .fixtureRows : .row(.alice)
                    let result = try #require(
                        report.results.first {
                            $0.probe.table == table.qualifiedName && $0.probe.persona.description == name && $0.probe.operation == operation
                                && $0.probe.target == target && $0.probe.layer == .asDeployed
                        }, "\(table.name) \(name) \(operation)")
                    let observed: Outcome =
                        switch result.observed {
                        case .allowed: .allowed
                        case .rows(let owners): owners.contains(.alice) ? .allowed : .blocked
                        case .refused(let refusal) where refusal.isMissingPrivilege: .refused
                        default: .blocked
                        }
                    #expect(observed == expected, "\(table.name), \(row.role) (\(name)), \(operation): \(result.observed)")
                    compared += 1
                }
            }
        }
        #expect(compared == 3 * 4 * 4)
    }
}
