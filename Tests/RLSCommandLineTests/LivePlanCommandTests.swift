import ElectricRide
import Foundation
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// `rls plan` on the example after someone took the live listing out of Realtime in the dashboard,
/// and after someone published a table the schema keeps quiet.
@Suite("rls plan: live tables")
struct LivePlanCommandTests {
    @Test func publicationDriftIsShownBothWays() throws {
        let migrations = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let database = try TestDatabase.make()
        let target = ["--database-url", database.url, "--migrations", migrations]
        #expect(runRLS(["diff", "initial", "--migrations", migrations], schema: ElectricRide.schema).code == .success)
        let written = try FileManager.default.contentsOfDirectory(atPath: migrations).filter { $0.hasSuffix(".sql") }
        let sql = try String(contentsOfFile: migrations + "/" + written[0], encoding: .utf8)
        #expect(sql.contains(#"alter publication "supabase_realtime" add table "public"."listing";"#))
        #expect(runRLS(["apply", "--yes"] + target, schema: ElectricRide.schema).code == .success)

        // As the dashboard does it, as postgres: the publication and the tables are postgres's.
        try database.connection.execute(
            """
            alter publication supabase_realtime drop table public.listing;
            alter publication supabase_realtime add table public.saved;
            """)
        let drifted = runRLS(["plan", "--exit-code"] + target, schema: ElectricRide.schema)
        #expect(drifted.code == .changesPending, "\(drifted.output)\(drifted.error)")
        #expect(drifted.output.contains("+ live changes public.listing"), "\(drifted.output)")
        #expect(drifted.output.contains("- live changes public.saved"), "\(drifted.output)")
    }

    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rls-live-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
