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

    /// Policies written in the dashboard's style, under names of their own: public read, the
    /// owner's folder (bare and as the initplan), a folder per row of a uuid-keyed table. Pull
    /// writes the bucket's plans with `.policiesWrittenByHand()`, so the schema adds and drops no
    /// policy (no drift) while check expects what the policies allow.
    @Test func handWrittenPoliciesOfKnownShapesBecomeTheBucketsPlans() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(
            """
            create table public.albums (id uuid primary key default gen_random_uuid(), owner_id uuid not null references auth.users);
            alter table public.albums enable row level security;
            insert into storage.buckets (id, name, public) values ('avatars', 'avatars', true), ('photos', 'photos', false);
            create policy "Anyone reads avatars" on storage.objects for select using (bucket_id = 'avatars');
            create policy "Own avatar upload" on storage.objects for insert to authenticated
              with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
            create policy "Own avatar delete" on storage.objects for delete to authenticated
              using ((select auth.uid())::text = (storage.foldername(name))[1] and bucket_id = 'avatars');
            create policy "Album photos" on storage.objects for all to authenticated
              using (bucket_id = 'photos' and (storage.foldername(name))[1]::uuid in (select id from public.albums where owner_id = auth.uid()));
            """)
        let pull = try Pull(connection: db, name: "Files", origin: "test")
        let avatars = try #require(pull.pulled.schema.bucket("avatars"))
        #expect(avatars.hasPoliciesWrittenByHand)
        #expect(avatars.access == BucketAccess(select: .public, insert: .ownerFolder, delete: .ownerFolder, source: avatars.access.source))
        let photos = try #require(pull.pulled.schema.bucket("photos"))
        #expect(
            photos.access
                == BucketAccess(
                    select: .rowFolder(of: "albums", .owner(column: "owner_id")),
                    insert: .rowFolder(of: "albums", .owner(column: "owner_id")),
                    update: .rowFolder(of: "albums", .owner(column: "owner_id")),
                    delete: .rowFolder(of: "albums", .owner(column: "owner_id")),
                    source: photos.access.source))
        let source = try #require(pull.sources.files["Files+Buckets.swift"])
        #expect(
            source.contains(
                ".access(select: .public, insert: .ownerFolder, update: .noAccess, delete: .ownerFolder)\n            .policiesWrittenByHand()"
            ), "\(source)")
        #expect(
            pull.pulled.notes.contains {
                $0.object == "policy Own avatar upload on storage.objects" && $0.message.contains("written by hand for bucket avatars")
            }, "\(pull.pulled.notes)")
        let rendered = try renderValidated(pull.pulled.schema)
        #expect(!rendered.contains("bucket_avatars_"), "no policy of rls's own for a bucket whose policies are written by hand")
        let drift = try Drift.plan(target: db, desiredSQL: rendered, scratch: TestDatabase.cluster)
        #expect(drift.isEmpty, "\(drift.sql)")
    }

    /// A hand-written policy pull cannot read as a plan (the file's `owner` column, not its folder):
    /// the bucket stays undeclared with a note naming the policy, so check makes no promise about it.
    @Test func handWrittenPolicyOfAnotherShapeLeavesTheBucketUndeclared() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(
            """
            insert into storage.buckets (id, name) values ('receipts', 'receipts');
            create policy "Own receipts" on storage.objects for select to authenticated using (bucket_id = 'receipts' and owner = auth.uid());
            """)
        let pull = try Pull(connection: db, name: "Files", origin: "test")
        #expect(pull.pulled.schema.bucket("receipts") == nil)
        #expect(
            pull.pulled.notes.contains {
                $0.object == "bucket receipts" && $0.message.contains("Own receipts") && $0.message.contains("does not recognise")
            },
            "\(pull.pulled.notes)")
        #expect(pull.baselineSQL.contains(#"create policy "Own receipts""#))
    }
}
