import Foundation
import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// Issue 31: a production policy that decides access from user metadata (which validation refuses
/// in hand-written Swift) is pulled with an explicit acknowledgement, so the pulled Swift builds,
/// validates and plans to zero, and `rls lint` still reports the policy.
@Suite("Pull of a policy reading user metadata")
struct PullUserMetadataTests {
    static let production = """
        create table public.report (id bigint generated always as identity primary key, body text, author_id uuid);
        alter table public.report enable row level security;
        grant select, delete on public.report to authenticated;
        create policy "admins read" on public.report for select to authenticated
          using ((auth.jwt() -> 'user_metadata' ->> 'role') = 'admin');
        create policy "editors delete" on public.report for delete to authenticated
          using (exists (select 1 from auth.users u where u.id = auth.uid() and u.raw_user_meta_data ->> 'editor' = 'yes'));
        """

    @Test func pulledSchemaValidatesPlansToZeroAndLintStillReportsIt() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(Self.production)
        let pull = try Pull(connection: db, name: "App", origin: "a test database")

        let policies = pull.pulled.schema.tables.flatMap(\.policies)
        #expect(policies.count == 2)
        #expect(policies.allSatisfy { $0.userMetadataAcknowledgement != nil }, "\(policies)")
        let source = pull.sources.files.values.joined(separator: "\n")
        #expect(
            source.contains(#".readsUserMetadata(acknowledged: "production policy, pulled as it is; rls lint reports it")"#), "\(source)")
        for name in ["admins read", "editors delete"] {
            #expect(
                pull.pulled.notes.contains { $0.object == "policy \(name) on public.report" && $0.message.contains("user metadata") },
                "\(pull.pulled.notes)")
        }

        let desired = try renderValidated(pull.pulled.schema)
        let drift = try Drift.plan(target: db, desiredSQL: desired, scratch: TestDatabase.cluster)
        #expect(drift.isEmpty, "drift right after pull:\n\(drift.sql)")

        let catalog = try Drift.desiredCatalog(desired, in: TestDatabase.cluster, defaultPrivileges: .none)
        let findings = Lint.run(catalog).findings.filter { $0.rule == .userMetadataInPolicy }.map(\.object)
        #expect(findings.count == 2, "\(findings)")

        // The Swift pull wrote, acknowledgement included, builds.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rls-user-metadata-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try pull.write(sources: folder.path, migrations: MigrationDirectory(path: folder.appendingPathComponent("Migrations").path))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        let result = try SwiftCompiler.typeCheck(files.map { folder.appendingPathComponent($0).path })
        #expect(result.status == 0, "the pulled Swift does not type-check:\n\(result.output)")
    }
}
