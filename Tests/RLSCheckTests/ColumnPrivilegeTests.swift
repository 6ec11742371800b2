import RLSCatalog
import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// `.updatable(only:)`: UPDATE granted per column, proven column by column.
@Suite struct ColumnPrivilegeTests {
    static let schema = Schema {
        Table("account") {
            Column("id", .uuid).primaryKey().references(.authUsers, onDelete: .cascade)
            Column("display_name", .text).nullable()
            Column("plan", .text).default("free")
            Column("credits", .integer).default(0)
        }
        .access(select: .owner(column: "id"), update: .owner(column: "id"))
        .updatable(only: "display_name")
    }

    @Test func grantsArePerColumn() throws {
        let sql = try renderValidated(Self.schema)
        #expect(sql.contains(#"grant update ("display_name") on table "public"."account" to "authenticated";"#))
        #expect(sql.contains(#"grant select, update on table "public"."account" to "service_role";"#))
        #expect(sql.contains(#"grant select on table "public"."account" to "authenticated";"#))
    }

    @Test(arguments: [DefaultPrivileges.none, .legacyGrantAll])
    func checkProvesEveryOtherColumnIsRefused(_ privileges: DefaultPrivileges) throws {
        let (_, db) = try TestDatabase.make(privileges)
        try db.execute("begin;\n" + renderValidated(Self.schema) + "\ncommit;")
        let report = try AccessCheck.run(Self.schema, on: db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        let columns = report.results.filter { if case .column = $0.probe.target { true } else { false } }
        #expect(
            Set(columns.compactMap { if case .column(let name, _) = $0.probe.target { name } else { nil } }) == ["id", "plan", "credits"])
        // Label "denied (no UPDATE grant on column …)": the table's other columns hold the privilege.
        #expect(
            columns.allSatisfy {
                guard case .column(let name, _) = $0.probe.target else { return false }
                return $0.observed == .refused(.columnPrivilege("UPDATE", column: name))
            }, "\(columns.map(\.observed))")
    }

    /// A table-wide UPDATE grant added in the dashboard lets users give themselves credits: check fails.
    @Test func aTableWideGrantFailsTheCheck() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Self.schema) + "\ncommit;")
        try db.execute("grant update on public.account to authenticated")
        let report = try AccessCheck.run(Self.schema, on: db)
        let text = MatrixReport(report).text
        #expect(!report.passed)
        #expect(report.mismatches.contains { $0.probe.target == .column("credits", of: .alice) && $0.observed == .allowed }, "\(text)")
    }

    /// The diff from a table-wide grant to the declared column grant, and back, names the columns.
    @Test func diffShowsColumnGrants() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Self.schema) + "\ncommit;")
        let catalog = try db.introspectCatalog()
        let grants = catalog.grants.filter {
            $0.object == QualifiedName(schema: "public", name: "account") && $0.grantee == .authenticated
        }
        #expect(grants.contains { $0.column == "display_name" && $0.privilege == .update })
        #expect(!grants.contains { $0.column == nil && $0.privilege == .update })
    }
}
