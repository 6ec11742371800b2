import RLSCheck
import RLSModel
import Testing

extension AccessDiffTests {
    /// A bucket policy that forgot its folder test: signed-in users gain uploads into other users'
    /// folders, and nothing else changes.
    @Test func aWidenedBucketPolicyReadsAsGainedUploads() throws {
        let diff = try Self.diff(
            Harbour.schema,
            afterSQL: """
                drop policy "bucket_avatars_insert" on storage.objects;
                create policy "bucket_avatars_insert" on storage.objects for insert to authenticated with check (bucket_id = 'avatars');
                """)
        #expect(
            diff.changes.map(\.sentence) == [#"authenticated gains upload on files of bucket "avatars" (other users' folders)"#],
            "\(diff.changes.map(\.sentence))")
        #expect(diff.unacknowledgedWidenings.count == 1)
    }

    /// Dropping the row-folder delete policy: the skipper and the crew's admin can no longer delete.
    @Test func aDroppedBucketPolicyReadsAsLostDeletes() throws {
        let diff = try Self.diff(Harbour.schema, afterSQL: #"drop policy "bucket_boat-photos_delete" on storage.objects;"#)
        #expect(
            diff.changes.map(\.sentence) == [#"authenticated loses delete on files of bucket "boat-photos" (own folders)"#],
            "\(diff.changes.map(\.sentence))")
        #expect(diff.unacknowledgedWidenings.isEmpty)
    }
}
