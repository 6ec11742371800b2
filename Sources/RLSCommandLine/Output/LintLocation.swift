import RLSCatalog
import RLSDatabase

/// Where a finding's object was last created or changed in `Migrations/`, for SARIF: the file
/// (relative to the project) and the 1-based line.
struct LintLocation: Equatable {
    let file: String
    let line: Int

    /// The last line in the migration files that creates the object of `finding` (a table, view or
    /// function named `schema.name`, quoted or not), else the last that alters or grants it, or
    /// creates an index or policy on it; nil when none does.
    static func find(_ finding: LintFinding, in files: [MigrationFile], directory: String) -> LintLocation? {
        let parts = finding.object.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        let name = String(parts[1].prefix { $0 != "." && $0 != "(" })
        let spellings = ["\"\(parts[0])\".\"\(name)\"", "\(parts[0]).\(name)"].map { $0.lowercased() }
        var found: LintLocation?
        var created: LintLocation?
        for file in files {
            for (index, line) in file.contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let lowered = line.lowercased()
                guard lowered.contains("create ") || lowered.contains("alter ") || lowered.contains("grant ") else { continue }
                guard let spelling = spellings.first(where: { lowered.contains($0) }) else { continue }
                let relative = file.path.hasPrefix(directory + "/") ? String(file.path.dropFirst(directory.count + 1)) : file.path
                found = LintLocation(file: relative, line: index + 1)
                let before = lowered[..<lowered.range(of: spelling)!.lowerBound]
                if before.contains("create "), !before.contains(" on "), !before.contains("index"), !before.contains("policy") {
                    created = found
                }
            }
        }
        return created ?? found
    }
}
