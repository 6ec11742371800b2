import RLSModel
import RLSSQL

extension LintRule {
    /// `public-bucket-allows-listing` (warning): a public bucket (its files served by URL without any
    /// policy) also has a broad SELECT policy on `storage.objects` (no condition, `true`, or just
    /// `bucket_id = '…'`), so any client can list every file name in it. Only when storage exists.
    ///
    ///     drop policy "Public read" on "storage"."objects";
    public static let publicBucketAllowsListing = LintRule(
        id: .publicBucketAllowsListing, summary: "A public bucket has a SELECT policy that lets clients list all its files.",
        splinter: ["0025_public_bucket_allows_listing"]
    ) { catalog in
        let objects = QualifiedName(schema: "storage", name: "objects")
        return (catalog.environment.buckets ?? []).filter(\.isPublic).compactMap { bucket -> LintFinding? in
            let broad = catalog.policies(on: objects).filter { policy in
                policy.permissive && [.select, .all].contains(policy.command)
                    && !Set(policy.roles).isDisjoint(with: Catalog.apiRoles)
                    && (policy.using == nil || LintRule.isAlwaysTrue(policy.using) || onlyMatchesBucket(policy.using ?? "") == bucket.id)
            }.map(\.name)
            guard !broad.isEmpty else { return nil }
            return LintFinding(
                rule: .publicBucketAllowsListing, level: .warning, object: "bucket \(bucket.id)",
                message: "Public bucket \(bucket.name) has broad SELECT polic\(broad.count == 1 ? "y" : "ies") on storage.objects "
                    + "(\(broad.joined(separator: ", "))): any client can list every file in it. Public URLs work without them; drop them, "
                    + "or narrow them to what clients must list (their own folder).",
                fix: broad.map { "drop policy \(quoteIdentifier($0)) on \(objects.sql);" }.joined(separator: "\n")
            )
        }
    }

    /// The bucket id when `expression` is only `bucket_id = '…'` (as the server prints it).
    private static func onlyMatchesBucket(_ expression: String) -> String? {
        guard let match = expression.wholeMatch(of: #/\(*\s*bucket_id\s*=\s*'((?:[^']|'')*)'(?:::text)?\s*\)*/#) else { return nil }
        return String(match.output.1).replacing("''", with: "'")
    }
}
