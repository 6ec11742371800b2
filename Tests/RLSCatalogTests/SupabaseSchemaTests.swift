import RLSCatalog
import RLSDatabase
import RLSTestSupport
import Testing

/// Policies on `storage.objects` are read although `storage` is Supabase's schema; nothing else there is.
@Suite("Supabase schemas")
struct SupabaseSchemaTests {
    @Test func storagePoliciesAreReadButNotStorageTables() throws {
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        try PlanHarness.asAdmin(
            url,
            """
            create policy "own files" on storage.objects for select to authenticated using (owner = (select auth.uid()));
            """)
        let catalog = try db.introspectCatalog()
        #expect(catalog.policies.map { "\($0.table).\($0.name)" } == ["storage.objects.own files"])
        #expect(catalog.tables.isEmpty)
        #expect(catalog.schemas.isEmpty)
    }
}
