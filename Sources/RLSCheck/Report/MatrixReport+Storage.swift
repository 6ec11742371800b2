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
            var personas: [Persona] = []
            for result in results where !personas.contains(result.probe.persona) { personas.append(result.probe.persona) }
            let folders = FileProbeRunner.folderTable(of: bucket).map { "<\($0.name) id>/" } ?? "<user id>/"
            var rows: [[String]] = [["\(id) (\(bucket.isPublic ? "public; " : "")folders \(folders))"] + personas.map(\.description)]
            for action in FileProbe.Action.allCases {
                rows.append(
                    [action.rawValue]
                        + personas.map { persona in
                            results.filter { $0.probe.persona == persona && $0.probe.action == action }
                                .sorted {
                                    ($0.probe.folderOwner == persona.fixtureOwner ? 0 : 1)
                                        < ($1.probe.folderOwner == persona.fixtureOwner ? 0 : 1)
                                }
                                .map { result in
                                    let side =
                                        persona.fixtureOwner == nil
                                        ? "\(result.probe.folderOwner)"
                                        : result.probe.folderOwner == persona.fixtureOwner ? "own" : "other"
                                    return "\(side):\(result.observed)\(result.verdict == .mismatch ? "✗" : "")"
                                }.joined(separator: " ")
                        })
            }
            let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                let padded = row.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }
                lines.append(("  " + padded.joined(separator: "   ")).trailingSpacesRemoved)
            }
            for result in results where result.verdict != .pass {
                lines.append(
                    "  \(result.verdict == .mismatch ? "✗" : "?") \(result.probe.name): expected "
                        + "\(result.probe.expectedAllowed ? "yes" : "no"), got \(result.observed)")
            }
        }
        return lines + [""]
    }
}
