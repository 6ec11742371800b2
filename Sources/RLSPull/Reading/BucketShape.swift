import RLSCatalog
import RLSModel
import RLSSQL

/// A storage bucket read back into the DSL, when it is simple: its id is its name, and each of its
/// policies named `bucket_<id>_<operation>` has the shape a public, signed-in or own-folder plan
/// compiles to (as the server prints it). Anything else is a note, and the bucket stays undeclared.
enum BucketShape {
    /// The bucket as DSL, or the reason it is not simple. `handWritten` are the other policies on
    /// `storage.objects` that name the bucket: when rls wrote none of its policies, those say what the
    /// bucket's plans are (``HandWrittenBucketPolicies``), and the bucket keeps them as they are.
    static func bucket(
        _ row: Catalog.Bucket, policies: [Catalog.Policy], handWritten: [Catalog.Policy] = [], tables: [Catalog.Table] = []
    ) -> Result<Bucket, BucketNote> {
        guard row.name == row.id else {
            return .failure(BucketNote("its name \(row.name) differs from its id; Bucket(...) names a bucket by its id"))
        }
        var bucket = Bucket(
            row.id, public: row.isPublic, fileSizeLimit: row.fileSizeLimit.map(Int.init), allowedMimeTypes: row.allowedMimeTypes,
            fileID: "rls pull", line: 0)
        if !handWritten.isEmpty {
            guard policies.isEmpty else {
                return .failure(BucketNote("it has both rls's policies (bucket_\(row.id)_...) and hand-written ones"))
            }
            switch HandWrittenBucketPolicies.plans(handWritten, bucket: row.id, tables: tables) {
            case .failure(let note): return .failure(note)
            case .success(let plans):
                bucket.access = BucketAccess(
                    select: plans[.select] ?? .noAccess, insert: plans[.insert] ?? .noAccess,
                    update: plans[.update] ?? .noAccess, delete: plans[.delete] ?? .noAccess,
                    source: DeclarationSite(fileID: "rls pull", line: 0))
                return .success(bucket.policiesWrittenByHand())
            }
        }
        var plans: [Operation: StoragePlan] = [:]
        for operation in Operation.allCases {
            let name = bucket.policyName(operation)
            guard let policy = policies.first(where: { $0.name == name }) else { continue }
            guard let plan = plan(of: policy, operation: operation, bucket: row.id) else {
                return .failure(
                    BucketNote("its policy \(name) has a shape pull does not write as a plan yet (a row folder, or edited by hand)"))
            }
            plans[operation] = plan
        }
        bucket.access = BucketAccess(
            select: plans[.select] ?? .noAccess, insert: plans[.insert] ?? .noAccess,
            update: plans[.update] ?? .noAccess, delete: plans[.delete] ?? .noAccess,
            source: plans.isEmpty ? nil : DeclarationSite(fileID: "rls pull", line: 0))
        return .success(bucket)
    }

    /// The plan a bucket policy means, from the expression the server prints for each generated shape.
    static func plan(of policy: Catalog.Policy, operation: Operation, bucket: String) -> StoragePlan? {
        guard policy.permissive, policy.command.rawValue == operation.rawValue.uppercased() else { return nil }
        let expression = operation == .insert ? policy.withCheck : policy.using
        guard let expression else { return nil }
        if operation == .update && policy.withCheck != policy.using { return nil }
        if (operation == .select || operation == .delete) && policy.withCheck != nil { return nil }
        let inBucket = "(bucket_id = \(quoteLiteral(bucket))::text)"
        let ownFolder = "((\(inBucket.dropFirst().dropLast())) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text))"
        switch (expression, Set(policy.roles)) {
        case (inBucket, Set(Role.clientRoles)): return .public
        case (inBucket, [.authenticated]): return .authenticated
        case (ownFolder, [.authenticated]): return .ownerFolder
        default: return nil
        }
    }
}

/// Why a bucket was not read back as `Bucket(...)`.
struct BucketNote: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
