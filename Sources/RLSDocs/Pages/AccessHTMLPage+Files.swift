import RLSModel

extension AccessHTMLPage {
    /// The storage buckets: a matrix of who may list, upload, replace and delete files, then each
    /// bucket's rules in words (as `ACCESS.md`'s "Files (Supabase Storage)").
    var filesHTML: [String] {
        let schema = page.matrix.schema
        guard !schema.buckets.isEmpty else { return [] }
        let callers: String = Caller.allCases.map { caller -> String in
            "<th colspan=\"4\" class=\"caller\">\(AccessPage.fileCaller(caller).htmlEscaped)</th>"
        }.joined()
        let verbs: String = Caller.allCases.map { _ -> String in
            Operation.allCases.map { operation -> String in "<th>\(AccessPage.fileVerb(operation))</th>" }.joined()
        }.joined()
        var lines: [String] = [
            "<h2 id=\"files-supabase-storage\">Files (Supabase Storage)</h2>",
            "<p>Files live in buckets, in <code>storage.objects</code>; a file's path starts with its folder. Replacing or deleting a "
                + "file also needs the right to list it (the storage API finds the file first).</p>",
            "<div class=\"matrix\">",
            "<table>",
            "<thead>",
            "<tr><th rowspan=\"2\">bucket</th>" + callers + "</tr>",
            "<tr>" + verbs + "</tr>",
            "</thead>",
            "<tbody>",
        ]
        for bucket in schema.buckets {
            var row = "<tr><th class=\"table\"><a href=\"#\(AccessPage.bucketAnchor(bucket))\">\(bucket.id.htmlEscaped)</a></th>"
            for caller in Caller.allCases {
                for operation in Operation.allCases {
                    let outcome = bucket.outcome(caller, operation)
                    let mark = page.fileMark(bucket, caller, operation)
                    let title = "\(AccessPage.fileCaller(caller)), \(AccessPage.fileVerb(operation)): \(outcome.words)"
                    row += "<td class=\"\(Self.cssClass(outcome))\" title=\"\(title.htmlEscaped)\">\(mark.htmlEscaped)</td>"
                }
            }
            lines.append(row + "</tr>")
        }
        lines += ["</tbody>", "</table>", "</div>"]
        for bucket in schema.buckets {
            let status = page.proof.buckets[bucket.id] == .proven ? "proven by `rls check`" : "not yet proven"
            lines.append("<h3 id=\"\(AccessPage.bucketAnchor(bucket))\">Bucket \(inline("`\(bucket.id)`"))</h3>")
            lines += [bucket.publicSentence, bucket.limitsSentence].compactMap { $0 }.map { "<p>\(inline($0))</p>" }
            lines.append("<ul>")
            lines += bucket.fileSentences(in: schema).map { "<li>\(inline($0)) <em>(\(inline(status)))</em></li>" }
            lines.append("</ul>")
        }
        return lines
    }
}
