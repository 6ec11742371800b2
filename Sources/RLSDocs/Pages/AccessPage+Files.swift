import RLSModel
import RLSSQL

extension AccessPage {
    /// The buckets' row of the summary: a small matrix per bucket, callers × operations on its files.
    var fileSummaryTable: [String] {
        let buckets = matrix.schema.buckets
        guard !buckets.isEmpty else { return [] }
        let columns = Caller.allCases.flatMap { caller in Operation.allCases.map { (caller, $0) } }
        var lines = [
            "Files in storage buckets (*the folder's owner*: the user a folder belongs to; see [Files](#files-supabase-storage)):",
            "",
            "| bucket | " + columns.map { "\(Self.fileCaller($0.0))<br>\(Self.fileVerb($0.1))" }.joined(separator: " | ") + " |",
            "|---|" + String(repeating: ":-:|", count: columns.count),
        ]
        for bucket in buckets {
            lines.append(
                "| " + "[\(bucket.id.markdownText)](#\(Self.bucketAnchor(bucket)))".markdownCell + " | "
                    + columns.map { fileMark(bucket, $0.0, $0.1) }.joined(separator: " | ") + " |")
        }
        return lines
    }

    /// The symbol of a bucket's cell, with `?` when `rls check` did not prove the bucket's rules.
    func fileMark(_ bucket: Bucket, _ caller: Caller, _ operation: Operation) -> String {
        let outcome = bucket.outcome(caller, operation)
        return outcome.symbol + (outcome.isProvable && proof.buckets[bucket.id] != .proven ? "?" : "")
    }

    /// `## Files (Supabase Storage)`: each bucket's rules in words, its limits and its SQL.
    var filesSection: [String] {
        let schema = matrix.schema
        guard !schema.buckets.isEmpty else { return [] }
        var lines = [
            "## Files (Supabase Storage)",
            "",
            "Files live in buckets, in `storage.objects`; a file's path starts with its folder (`<folder>/photo.jpg`)."
                + " Replacing or deleting a file also needs the right to list it (the storage API finds the file first).",
            "",
        ]
        for bucket in schema.buckets {
            let status = proof.buckets[bucket.id] == .proven ? "proven by `rls check`" : "not yet proven"
            lines += ["### Bucket \(bucket.id.markdownCode)", ""]
            lines += [bucket.publicSentence, bucket.limitsSentence].compactMap { $0 }.flatMap { [$0, ""] }
            lines += bucket.fileSentences(in: schema).map { "- \($0) *(\(status))*" }
            let section = compiled.section(.bucket(id: bucket.id))
            let policies = section?.policies ?? []
            lines += [
                "",
                "<details>",
                "<summary>SQL: the bucket and \(policies.count) \(policies.count == 1 ? "policy" : "policies") on storage.objects</summary>",
                "",
            ]
            lines += (section?.sql ?? "").markdownCodeBlock(language: "sql") + ["", "</details>", ""]
        }
        return lines
    }

    /// `bucket-listing-photos`: the heading's anchor (GitHub drops the backticks).
    static func bucketAnchor(_ bucket: Bucket) -> String { "bucket \(bucket.id)".headingAnchor }

    /// The callers' headings for files: the row's owner is the folder's.
    static func fileCaller(_ caller: Caller) -> String { caller == .rowOwner ? "the folder's owner" : caller.description }

    /// `list`, `upload`, `replace`, `delete`.
    static func fileVerb(_ operation: Operation) -> String {
        switch operation {
        case .select: "list"
        case .insert: "upload"
        case .update: "replace"
        case .delete: "delete"
        }
    }
}
