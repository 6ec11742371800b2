/// A Supabase Storage bucket and who may do what with its files.
///
/// ```swift
/// Bucket("avatars", public: true, fileSizeLimit: 1_048_576, allowedMimeTypes: ["image/png", "image/jpeg"])
///     .access(.ownerFolder)
/// ```
/// compiles to a row of `storage.buckets` and policies on `storage.objects` that each test the
/// bucket's id (never `create` or `alter` of Supabase's storage tables):
/// ```sql
/// insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
/// values ('avatars', 'avatars', true, 1048576, array['image/png', 'image/jpeg']::text[])
/// on conflict (id) do update set name = excluded.name, public = excluded.public, ...;
/// create policy "bucket_avatars_select" on "storage"."objects" as permissive for select to "authenticated"
///   using ("bucket_id" = 'avatars' and (storage.foldername("name"))[1] = ((select auth.uid()))::text);
/// ```
/// A public bucket serves its files to anyone by URL without any policy; its `select` plan only
/// decides who may list (and download through the API) its files. See ``StoragePlan``.
public struct Bucket: Sendable, Hashable {
    /// The bucket's id (also its name): what `storage.objects.bucket_id` holds.
    public var id: String
    /// Files are served by public URL to anyone, without a policy.
    public var isPublic: Bool
    /// The largest file the storage API accepts, in bytes; nil for the project's limit.
    public var fileSizeLimit: Int?
    /// The MIME types the storage API accepts (`image/*` wildcards allowed); nil for any.
    public var allowedMimeTypes: [String]?
    /// The plan per operation on the bucket's files; nobody's unless `.access(...)` was applied.
    public var access: BucketAccess
    /// The plans describe policies written by hand on `storage.objects` (under their own names,
    /// kept as they are): rls writes no policy for the bucket, and `rls check` proves the
    /// hand-written ones against the plans. See ``policiesWrittenByHand()``.
    public var hasPoliciesWrittenByHand = false
    /// Where the bucket was declared.
    public var source: DeclarationSite

    /// Declares a bucket.
    public init(
        _ id: String, public isPublic: Bool = false, fileSizeLimit: Int? = nil, allowedMimeTypes: [String]? = nil,
        fileID: String = #fileID, line: Int = #line
    ) {
        self.id = id
        self.isPublic = isPublic
        self.fileSizeLimit = fileSizeLimit
        self.allowedMimeTypes = allowedMimeTypes
        self.access = BucketAccess()
        self.source = DeclarationSite(fileID: fileID, line: line)
    }

    /// The same plan for reading, uploading, overwriting and deleting files.
    public func access(_ plan: StoragePlan, fileID: String = #fileID, line: Int = #line) -> Bucket {
        access(select: plan, insert: plan, update: plan, delete: plan, fileID: fileID, line: line)
    }

    /// One plan for reading (listing, downloading through the API), another for upload, overwrite and delete.
    public func access(read: StoragePlan, write: StoragePlan, fileID: String = #fileID, line: Int = #line) -> Bucket {
        access(select: read, insert: write, update: write, delete: write, fileID: fileID, line: line)
    }

    /// A plan per operation: `select` reads, `insert` uploads, `update` overwrites (an upsert needs
    /// `select`, `insert` and `update`), `delete` removes; operations left out get ``StoragePlan/noAccess``.
    public func access(
        select: StoragePlan = .noAccess, insert: StoragePlan = .noAccess, update: StoragePlan = .noAccess,
        delete: StoragePlan = .noAccess, fileID: String = #fileID, line: Int = #line
    ) -> Bucket {
        var copy = self
        copy.access = BucketAccess(
            select: select, insert: insert, update: update, delete: delete, source: DeclarationSite(fileID: fileID, line: line))
        return copy
    }

    /// The bucket's policies are written by hand, not by rls: `.access(...)` says what they allow, so
    /// that `rls check`, `rls docs` and the access diff expect it, and rls writes, changes and drops
    /// no policy of the bucket (the hand-written ones, under their own names on `storage.objects`,
    /// stay as they are). `rls pull` writes it for a bucket whose dashboard-written policies have
    /// a shape it recognises (public read, the owner's folder, a folder per row).
    ///
    /// ```swift
    /// Bucket("avatars", public: true)
    ///     .access(select: .public, insert: .ownerFolder, update: .ownerFolder)
    ///     .policiesWrittenByHand()
    /// // insert into "storage"."buckets" ... (the row only; no policy)
    /// ```
    /// To let rls manage them instead, drop `.policiesWrittenByHand()`: the next `rls diff` creates
    /// the plans' `bucket_<id>_<operation>` policies; drop the hand-written ones in that migration.
    public func policiesWrittenByHand() -> Bucket {
        var copy = self
        copy.hasPoliciesWrittenByHand = true
        return copy
    }

    /// `bucket_avatars_insert`: the name of the bucket's policy for `operation` on `storage.objects`.
    public func policyName(_ operation: Operation) -> String { "bucket_\(id)_\(operation)" }
}

/// A bucket's plan for each file operation.
public struct BucketAccess: Sendable, Hashable {
    /// Who may list and read files.
    public var select: StoragePlan
    /// Who may upload files.
    public var insert: StoragePlan
    /// Who may overwrite files (and move them).
    public var update: StoragePlan
    /// Who may delete files.
    public var delete: StoragePlan
    /// Where `.access(...)` was written; nil when it was not.
    public var source: DeclarationSite?

    /// A plan per operation; each defaults to ``StoragePlan/noAccess``.
    public init(
        select: StoragePlan = .noAccess, insert: StoragePlan = .noAccess, update: StoragePlan = .noAccess,
        delete: StoragePlan = .noAccess, source: DeclarationSite? = nil
    ) {
        self.select = select
        self.insert = insert
        self.update = update
        self.delete = delete
        self.source = source
    }

    /// The plan for one operation.
    public subscript(operation: Operation) -> StoragePlan {
        switch operation {
        case .select: select
        case .insert: insert
        case .update: update
        case .delete: delete
        }
    }
}
