import Foundation
import RLSDatabase
import RLSModel
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// `rls plan` with pending files reports nothing for what those files will create, whatever the
/// column order they leave behind.
@Suite("Plan with pending files")
struct PendingDriftTests {
    static let schema = Schema {
        Table("note") {
            Column("id", .bigint).identity().primaryKey()
            Column("owner_id", .uuid).default(.currentUserID).references(.authUsers)
            Column("title", .text)
            Column("body", .text).nullable()
        }
        .access(.owner(column: "owner_id"))
    }

    @Test(arguments: [DefaultPrivileges.none, .legacyGrantAll])
    func laterFileAddingAColumnIsNotDrift(_ privileges: DefaultPrivileges) throws {
        let migrations = FileManager.default.temporaryDirectory.appendingPathComponent("rls-pending-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: migrations, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let database = try TestDatabase.make(privileges)
        defer { database.connection.close() }
        // The first file creates the table without `title`; the second adds it, so it ends up last.
        var first = Self.schema
        first.tables[0].columns.removeAll { $0.name == "title" }
        #expect(runRLS(["diff", "first", "--migrations", migrations], schema: first).code == .success)
        Thread.sleep(forTimeInterval: 1.1)
        #expect(runRLS(["diff", "second", "--migrations", migrations], schema: Self.schema).code == .success)
        let plan = runRLS(["plan", "--exit-code", "--database-url", database.url, "--migrations", migrations], schema: Self.schema)
        #expect(plan.code == .changesPending)
        #expect(plan.output.contains("Migrations: 2 pending"))
        #expect(plan.output.contains("Drift: none"), "\(plan.output)")
        #expect(!plan.output.contains("REVOKE"), "\(plan.output)")
        #expect(!plan.output.contains("After these files"), "\(plan.output)")
    }
}
