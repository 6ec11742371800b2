import ElectricRide
import Foundation
import RLSCheck
import RLSDatabase
import RLSDocs
import RLSModel
import RLSTestSupport
import Testing

/// The pages proven by `rls check` on real databases, and refused when the database does not do
/// what they would say.
@Suite("Docs proven on a real database")
struct ProvenDocsTests {
    static let repository = Snapshot.folder.directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let migrations = repository.appendingPathComponent("Migrations").path
    static let source = "a throwaway Supabase-shaped database built from `Migrations/`"

    /// A fresh database built from this repository's migrations, as `rls docs` builds its own.
    func exampleDatabase() throws -> Connection {
        let (_, connection) = try TestDatabase.make()
        _ = try ThrowawayDatabase.apply(Self.migrations, orRendering: Example.schema, on: connection)
        return connection
    }

    func proof(after sabotage: String? = nil) throws -> AccessProof {
        let connection = try exampleDatabase()
        defer { connection.close() }
        if let sabotage { try connection.execute(sabotage) }
        return try AccessDocs.prove(Example.schema, scenarios: ElectricRide.scenarios, on: connection, source: Self.source)
    }

    @Test func everyCellOfTheExampleIsProven() throws {
        let proof = try proof()
        let unproven = Example.matrix.provableCells.filter { !proof.status(of: $0).isProven }
        #expect(unproven.isEmpty, "not proven: \(unproven.map(\.description))")
        #expect(proof.otherFailures.isEmpty)
        let markdown = try AccessDocs.pages(for: Example.schema, proof: proof)[0].contents
        #expect(markdown.contains("**Proven.** Every cell below (160) was proven by `rls check` on \(Self.source)"))
    }

    @Test func theCommittedPagesAreFreshAndProven() throws {
        // What `rls docs --check` does in CI; run `rls docs` when this fails.
        let proof = try AccessDocs.proveOnMigrations(Example.schema, scenarios: ElectricRide.scenarios, migrations: Self.migrations)
        #expect(proof.source == Self.source)
        let pages = try AccessDocs.pages(for: Example.schema, proof: proof)
        let stale = try AccessDocs.stalePages(pages, in: Self.repository.appendingPathComponent("Docs").path)
        #expect(stale.isEmpty, "\(stale.map(\.description).joined(separator: "\n"))")
        try Snapshot.expectMatches(pages[0].contents, named: "ACCESS-proven.md")
    }

    @Test func aReadAllPolicyOnSavedMakesTheDocsFail() throws {
        let proof = try proof(
            after: """
                create policy "saved_read_all" on public.saved as permissive for select to authenticated using (true);
                """)
        let savedSelect = AccessCell(TableName(name: "saved"), .signedInUser, .select)
        guard case .failed(let reason) = proof.status(of: savedSelect) else {
            Issue.record("another user's saved rows are visible, yet the cell is \(proof.status(of: savedSelect))")
            return
        }
        #expect(reason.contains("public.saved · "))
        // The owner still sees their own rows: that cell stays proven.
        #expect(proof.status(of: AccessCell(TableName(name: "saved"), .rowOwner, .select)) == .proven)
        #expect(throws: DocsError.self) { try AccessDocs.pages(for: Example.schema, proof: proof) }
        do {
            _ = try AccessDocs.pages(for: Example.schema, proof: proof)
        } catch {
            #expect("\(error)".contains("public.saved, signed-in user, select: documented as blocked by row-level security, but"))
            #expect("\(error)".contains("no page was written"))
        }
    }

    @Test func rowLevelSecurityDisabledOnProfilesMakesTheDocsFail() throws {
        let proof = try proof(after: "alter table public.profiles disable row level security;")
        let failed = proof.failures.map(\.cell)
        #expect(failed.contains(AccessCell(TableName(name: "profiles"), .signedInUser, .update)))
        #expect(throws: DocsError.self) { try AccessDocs.pages(for: Example.schema, proof: proof) }
    }

    @Test func aGrantToAnonOnListingMakesTheDocsFail() throws {
        let proof = try proof(
            after: """
                grant select on public.listing to anon;
                create policy "listing_anon_read" on public.listing as permissive for select to anon using (true);
                """)
        #expect(proof.failures.map(\.cell).contains(AccessCell(TableName(name: "listing"), .anyone, .select)))
    }

    @Test func aFailedProofLeavesTheCommittedPagesUntouched() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try AccessDocs.write(try AccessDocs.pages(for: Example.schema, proof: Example.proven), to: folder.path)
        let before = try folder.read("ACCESS.md")
        let proof = try proof(after: "alter table public.saved disable row level security;")
        #expect(throws: DocsError.self) { try AccessDocs.write(try AccessDocs.pages(for: Example.schema, proof: proof), to: folder.path) }
        #expect(try folder.read("ACCESS.md") == before)
    }

    @Test func aBrokenMigrationMakesRLSDocsFailEndToEnd() throws {
        // What `rls docs --migrations DIR` does: replay the files on its own throwaway cluster, then prove.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.migrations) where file.hasSuffix(".sql") {
            try folder.write(file, try String(contentsOfFile: "\(Self.migrations)/\(file)", encoding: .utf8))
        }
        try folder.write(
            "29991231235959_read_all_saved.sql",
            """
            create policy "saved_read_all" on public.saved as permissive for select to authenticated using (true);
            """)
        let proof = try AccessDocs.proveOnMigrations(Example.schema, scenarios: ElectricRide.scenarios, migrations: folder.path)
        #expect(proof.failures.map(\.cell).contains(AccessCell(TableName(name: "saved"), .signedInUser, .select)))
        #expect(throws: DocsError.self) { try AccessDocs.pages(for: Example.schema, proof: proof) }
    }
}
