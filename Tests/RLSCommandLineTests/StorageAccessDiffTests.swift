import ElectricRide
import Foundation
import RLSSQL
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// Issue 32: with Supabase's storage delete guard on both sides, a pending file that changes no
/// access shows no access change for the example's buckets (before: "authenticated gains delete on
/// files of bucket ..." on every bucket, the throwaway side lacking the guard).
@Suite("rls plan --access on the example's buckets")
struct StorageAccessDiffTests {
    @Test func aHarmlessPendingFileChangesNoAccess() throws {
        let migrations = FileManager.default.temporaryDirectory.appendingPathComponent("rls-storage-access-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: migrations, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let database = try TestDatabase.make()
        try render(ElectricRide.schema).write(
            toFile: migrations + "/20250101000000_initial.sql", atomically: true, encoding: .utf8)
        let target = ["--database-url", database.url, "--migrations", migrations]
        let applied = runRLS(["apply", "--yes"] + target, schema: ElectricRide.schema)
        #expect(applied.code == .success, "\(applied.output)\(applied.error)")
        try "comment on table public.listing is 'Cars for sale';\n".write(
            toFile: migrations + "/20250102000000_comment.sql", atomically: true, encoding: .utf8)

        let plan = runRLS(["plan", "--access", "--fail-on-widening"] + target, schema: ElectricRide.schema)
        #expect(plan.output.contains("No access changes"), "\(plan.output)\(plan.error)")
        #expect(!plan.output.contains(" gains "), "\(plan.output)")
        #expect(!plan.error.contains("not acknowledged"), "\(plan.error)")
    }
}
