import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// `rls pull` reads simple buckets back as `Bucket(...)`: the row and the policies a public,
/// signed-in or own-folder plan compiles to. Others stay undeclared, with a note.
@Suite struct PullBucketTests {
    static let schema = Schema {
        Bucket("avatars", public: true, fileSizeLimit: 1_048_576, allowedMimeTypes: ["image/png", "image/jpeg"]).access(.ownerFolder)
        Bucket("flyers", public: true).access(select: .public, insert: .authenticated)
        Bucket("invoices").access(.serviceRoleOnly)
    }

    @Test func simpleBucketsPullWithoutDrift() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(
            try renderValidated(Self.schema) + """
                insert into storage.buckets (id, name) values ('scans', 'Scans');
                create policy "bucket_flyers_delete" on storage.objects for delete to authenticated using (bucket_id = 'flyers' and owner = (select auth.uid()));
                """)
        let pull = try Pull(connection: db, name: "Files", origin: "test")
        let pulled = pull.pulled.schema
        #expect(pulled.buckets.map(\.id) == ["avatars", "invoices"])
        let avatars = try #require(pulled.bucket("avatars"))
        #expect(avatars.isPublic && avatars.fileSizeLimit == 1_048_576 && avatars.allowedMimeTypes == ["image/png", "image/jpeg"])
        #expect(avatars.access.update == .ownerFolder)
        // A hand-edited bucket policy and a bucket whose name is not its id are noted, not guessed at.
        #expect(
            pull.pulled.notes.contains { $0.object == "bucket flyers" && $0.message.contains("bucket_flyers_delete") },
            "\(pull.pulled.notes)")
        #expect(
            pull.pulled.notes.contains { $0.object == "bucket scans" && $0.message.contains("differs from its id") }, "\(pull.pulled.notes)"
        )
        // The baseline holds every bucket row as it is, the undeclared ones too.
        #expect(pull.baselineSQL.contains("values ('scans', 'Scans', false, null, null)"), "\(pull.baselineSQL)")
        #expect(pull.baselineSQL.contains(#"create policy "bucket_flyers_delete""#))
        let source = try #require(pull.sources.files["Files+Buckets.swift"])
        #expect(
            source.contains(#"Bucket("avatars", public: true, fileSizeLimit: 1048576, allowedMimeTypes: ["image/png", "image/jpeg"])"#),
            "\(source)")
        #expect(source.contains(".access(.ownerFolder)"), "\(source)")
        #expect(source.contains(#"Bucket("invoices")"#), "\(source)")
        // Declared as pulled, the buckets compile back to exactly what the database holds, except the
        // flyers policies pull left undeclared (which rls diff drops, as the note says).
        let drift = try Drift.plan(target: db, desiredSQL: try renderValidated(pulled), scratch: TestDatabase.cluster)
        #expect(
            drift.changes.map(\.summary) == [
                "- policy storage.objects.bucket_flyers_delete", "- policy storage.objects.bucket_flyers_insert",
                "- policy storage.objects.bucket_flyers_select",
            ], "\(drift.sql)")
    }
}
