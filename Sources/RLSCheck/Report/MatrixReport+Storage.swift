import RLSModel

extension MatrixReport {
    /// Per bucket, persona × upload/read/overwrite/delete in own and others' folders, mismatches marked.
    ///
    /// ```text
    /// Files (Supabase Storage: upload = insert, read = select, overwrite = update, delete = delete on storage.objects)
    ///   avatars (public; folders <user id>/)   anon               alice               bob                 service_role
    ///   upload                                 alice:no bob:no    own:yes other:no    own:yes other:no    alice:yes bob:yes
    /// ```
    func fileLines() -> [String] {
        guard !report.files.isEmpty else { return [] }
        var lines = ["Files (Supabase Storage: upload = insert, read = select, overwrite = update, delete = delete on storage.objects)"]
        var buckets: [String] = []
        for result in report.files where !buckets.contains(result.probe.bucket.id) { buckets.append(result.probe.bucket.id) }
        for id in buckets {
            let results = report.files.filter { $0.probe.bucket.id == id }
            guard let bucket = results.first?.probe.bucket else { continue }
            let folders = FileProbeRunner.folderTable(of: bucket).map { "<\($0.name) id>/" } ?? "<user id>/"
            lines += ownOtherGrid(
                title: "\(id) (\(bucket.isPublic ? "public; " : "")folders \(folders))",
                actions: FileProbe.Action.allCases.map(\.rawValue), results: results)
        }
        return lines + [""]
    }
}
