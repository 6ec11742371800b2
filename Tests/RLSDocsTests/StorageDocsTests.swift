import RLSCheck
import RLSDatabase
import RLSDocs
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// `rls docs` says who may list, upload, replace and delete each bucket's files, in words and in the
/// summary, proven by `rls check`'s storage probes and refused when a probe mismatches.
@Suite struct StorageDocsTests {
    static let schema = Schema {
        EnumType("crew_role", values: "admin", "member")
        Table("crew") {
            Column("id", .bigint).primaryKey()
        }
        .access(
            select: .members(of: "id", through: "crew_member"), insert: .serviceRoleOnly, update: .serviceRoleOnly, delete: .serviceRoleOnly
        )
        Table("crew_member") {
            Column("crew_id", .bigint).references("crew", onDelete: .cascade)
            Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
            Column("role", .enumeration("crew_role")).default("member")
            PrimaryKey("crew_id", "user_id")
        }
        .access(read: .members(of: "crew_id", through: "crew_member"), write: .serviceRoleOnly)
        Table("boat_trip") {
            Column("id", .bigint).primaryKey()
            Column("skipper_id", .uuid).references(.authUsers)
            Column("crew_id", .bigint).nullable().references("crew", onDelete: .setNull)
        }
        .access(read: .authenticated, write: .owner(column: "skipper_id"))
        Bucket("avatars", public: true, fileSizeLimit: 524_288, allowedMimeTypes: ["image/png"]).access(.ownerFolder)
        Bucket("logbooks")
            .access(
                read: .authenticated,
                write: .rowFolder(
                    of: "boat_trip", .owner(column: "skipper_id"), .members(of: "crew_id", through: "crew_member", roles: ["admin"])))
        Bucket("invoices").access(.serviceRoleOnly)
    }

    func pages(_ proof: AccessProof) throws -> (markdown: String, html: String) {
        let pages = try AccessDocs.pages(for: Self.schema, proof: proof)
        return (
            try #require(pages.first { $0.fileName == "ACCESS.md" }).contents,
            try #require(pages.first { $0.fileName == "access.html" }).contents
        )
    }

    @Test func bucketsAreSaidInWords() throws {
        let (markdown, html) = try pages(.unverified(because: "not checked in this test"))
        #expect(markdown.contains("## Files (Supabase Storage)"))
        #expect(markdown.contains("### Bucket `avatars`"))
        #expect(markdown.contains("Public bucket: anyone who has a file's URL can download it without signing in"))
        #expect(markdown.contains("Files up to 512 KB, of type `image/png`."))
        #expect(
            markdown.contains(
                "- Only the signed-in user whose id names the folder (`<user id>/…`) can list and download, upload, replace and delete its files. *(not yet proven)*"
            ))
        #expect(markdown.contains("- Any signed-in user can list and download every file; visitors who are not signed in cannot."))
        #expect(
            markdown.contains(
                "- Only the signed-in user whose id is the boat trip's `skipper_id` or members of the boat trip's crew with role admin can upload, replace and delete files, each in the folder named after the boat trip's id (`<boat_trip id>/…`)."
            ), "\(markdown)")
        #expect(
            markdown.contains(
                "- No app user can list and download, upload, replace and delete files; only the service role (the backend) can."))
        #expect(markdown.contains(#"create policy "bucket_logbooks_insert" on "storage"."objects""#))
        // The summary: anyone is blocked by RLS (storage.objects is granted to the API roles), the folder's owner is let in.
        #expect(
            markdown.contains(
                "| [avatars](#bucket-avatars) | ⊘? | ⊘? | ⊘? | ⊘? | ⊘? | ⊘? | ⊘? | ⊘? | ✓? | ✓? | ✓? | ✓? | ✓? | ✓? | ✓? | ✓? |"),
            "\(markdown)")
        #expect(
            markdown.contains(
                "| [invoices](#bucket-invoices) | ⊘? | ⊘? | ⊘? | ⊘? | ⊘? | ⊘? | ⊘? | ⊘? | — | — | — | — | ✓? | ✓? | ✓? | ✓? |"),
            "\(markdown)")
        #expect(html.contains("<h2 id=\"files-supabase-storage\">Files (Supabase Storage)</h2>"))
        #expect(html.contains("<h3 id=\"bucket-logbooks\">Bucket <code>logbooks</code></h3>"))
    }

    func proof(after sabotage: String = "") throws -> AccessProof {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Self.schema) + "\n" + sabotage + "\ncommit;")
        return try AccessDocs.prove(Self.schema, scenarios: [], on: db, source: "a test database")
    }

    @Test func checkedBucketsAreMarkedProven() throws {
        let proof = try proof()
        #expect(proof.buckets == ["avatars": .proven, "logbooks": .proven, "invoices": .proven])
        let (markdown, _) = try pages(proof)
        #expect(
            markdown.contains("| [avatars](#bucket-avatars) | ⊘ | ⊘ | ⊘ | ⊘ | ⊘ | ⊘ | ⊘ | ⊘ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |"),
            "\(markdown)")
        #expect(markdown.contains("its files. *(proven by `rls check`)*"))
    }

    /// A logbook policy that lets any signed-in user delete: the docs refuse to claim otherwise.
    @Test func aBucketTheDatabaseDoesNotHonourFailsTheDocs() throws {
        let proof = try proof(
            after: """
                drop policy "bucket_logbooks_delete" on storage.objects;
                create policy "bucket_logbooks_delete" on storage.objects for delete to authenticated using (bucket_id = 'logbooks');
                """)
        guard case .failed(let reason)? = proof.buckets["logbooks"] else {
            Issue.record("\(proof.buckets)")
            return
        }
        #expect(reason.contains("bucket logbooks · alice · delete · other's folder"), "\(reason)")
        let error = #expect(throws: DocsError.self) { try AccessDocs.pages(for: Self.schema, proof: proof) }
        guard case .proofFailed(_, let failures)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(
            failures.contains { $0.contains("bucket logbooks · bob · delete · other's folder: expected no, observed yes") }, "\(failures)")
    }
}
