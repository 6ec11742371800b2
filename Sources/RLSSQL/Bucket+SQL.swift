import RLSModel

/// `storage.objects`, the table of Supabase Storage's files (Supabase's, never declared).
public let storageObjects = TableName(schema: "storage", name: "objects")

/// `storage.buckets`, the table of Supabase Storage's buckets (Supabase's, never declared).
public let storageBuckets = TableName(schema: "storage", name: "buckets")

extension Bucket {
    /// Adds the bucket or brings an existing one to the declared settings (the row only: the
    /// storage service owns `storage.buckets`; `postgres` may write its rows, not alter it).
    ///
    /// ```sql
    /// insert into "storage"."buckets" ("id", "name", "public", "file_size_limit", "allowed_mime_types")
    /// values ('avatars', 'avatars', true, 1048576, array['image/png']::text[])
    /// on conflict ("id") do update set "name" = excluded."name", "public" = excluded."public",
    ///   "file_size_limit" = excluded."file_size_limit", "allowed_mime_types" = excluded."allowed_mime_types";
    /// ```
    public var upsertStatement: String {
        bucketUpsertStatement(
            id: id, name: id, isPublic: isPublic, fileSizeLimit: fileSizeLimit.map(Int64.init), allowedMimeTypes: allowedMimeTypes)
    }
}

/// The one writer of a bucket row: ``RLSModel/Bucket/upsertStatement`` and the change plan's bucket changes.
public func bucketUpsertStatement(id: String, name: String, isPublic: Bool, fileSizeLimit: Int64?, allowedMimeTypes: [String]?) -> String {
    let columns = ["id", "name", "public", "file_size_limit", "allowed_mime_types"].map(quoteIdentifier)
    let types = allowedMimeTypes.map { "array[\($0.map(quoteLiteral).joined(separator: ", "))]::text[]" } ?? "null"
    let values = [quoteLiteral(id), quoteLiteral(name), isPublic ? "true" : "false", fileSizeLimit.map(String.init) ?? "null", types]
    return """
        insert into \(storageBuckets.sql) (\(columns.joined(separator: ", ")))
        values (\(values.joined(separator: ", ")))
        on conflict (\(quoteIdentifier("id"))) do update set \(columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", "));
        """
}

/// The policies on `storage.objects` for `bucket`: one per operation whose plan lets an API role in,
/// each testing the bucket's id first (so it never reaches another bucket's files). None for a bucket
/// whose policies are written by hand (``RLSModel/Bucket/policiesWrittenByHand()``).
public func storagePolicies(of bucket: Bucket, in schema: Schema) -> [CompiledPolicy] {
    guard !bucket.hasPoliciesWrittenByHand else { return [] }
    return Operation.allCases.compactMap { operation in
        let plan = bucket.access[operation]
        guard !plan.policyRoles.isEmpty, let condition = schema.fileCondition(plan, in: bucket) else { return nil }
        return CompiledPolicy(
            name: bucket.policyName(operation), table: storageObjects, command: Policy.Command(rawValue: operation.rawValue)!,
            roles: plan.policyRoles, isPermissive: true,
            using: operation == .insert ? nil : condition,
            withCheck: operation == .insert || operation == .update ? condition : nil, plan: nil)
    }
}

extension Schema {
    /// The condition a storage plan compiles to on `storage.objects` for `bucket`; nil for plans
    /// without a policy or whose row plans do not resolve.
    public func fileCondition(_ plan: StoragePlan, in bucket: Bucket) -> String? {
        let inBucket = "\(quoteIdentifier("bucket_id")) = \(quoteLiteral(bucket.id))"
        switch plan {
        case .public, .authenticated:
            return inBucket
        case .ownerFolder:
            // (select auth.uid()): evaluated once per statement (an initplan), not once per file.
            return "\(inBucket)\n    and (storage.foldername(\(quoteIdentifier("name"))))[1] = ((select auth.uid()))::text"
        case .rowFolder(let name, let plans):
            guard let table = table(name), let key = table.primaryKey?.columns.first else { return nil }
            let conditions = plans.compactMap { rowCondition($0, on: table) }
            guard conditions.count == plans.count, !conditions.isEmpty else { return nil }
            // Inside the subquery an unqualified `name` could be the row table's column: qualify the file's.
            let folder = "(storage.foldername(\(quoteIdentifier(storageObjects.name)).\(quoteIdentifier("name"))))[1]"
            var lines = [
                inBucket,
                "    and exists (",
                "      select 1",
                "      from \(table.qualifiedName.sql) as \(quoteIdentifier(table.name))",
                "      where \(quoteIdentifier(table.name)).\(quoteIdentifier(key))::text = \(folder)",
            ]
            if !conditions.contains("true") {
                let indented = conditions.map { $0.split(separator: "\n").joined(separator: "\n          ") }
                lines.append("        and (" + indented.joined(separator: "\n          or ") + ")")
            }
            lines.append("    )")
            return lines.joined(separator: "\n")
        case .serviceRoleOnly, .noAccess:
            return nil
        }
    }
}
