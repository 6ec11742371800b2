import RLSSQL

extension CatalogDiff {
    /// Storage buckets: each desired bucket the database lacks, or holds with other settings, is
    /// written with one upsert (after the tables, before the policies that name it). Buckets the
    /// schema does not declare stay: the dashboard and the storage API create them too, and deleting
    /// a bucket's row would orphan its files (the storage API removes buckets, emptied first).
    mutating func diffBuckets() {
        guard let wanted = desired.environment.buckets else { return }
        let existing = Dictionary((current.environment.buckets ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for bucket in wanted where existing[bucket.id] != bucket {
            add(
                .bucket,
                Change(
                    kind: existing[bucket.id] == nil ? .create : .alter, object: .bucket, name: bucket.id,
                    sql: bucketUpsertStatement(
                        id: bucket.id, name: bucket.name, isPublic: bucket.isPublic, fileSizeLimit: bucket.fileSizeLimit,
                        allowedMimeTypes: bucket.allowedMimeTypes)))
        }
    }
}
