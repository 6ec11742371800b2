import Foundation

/// A committed page that differs from what `rls docs` would generate, and where.
///
/// ```text
/// Docs/ACCESS.md is stale: line 12 differs.
///   committed: | saved | ✓ | ...
///   generated: | saved | ⊘ | ...
/// ```
public struct StalePage: Sendable, Hashable, CustomStringConvertible {
    /// The page's path as the user named the folder: `Docs/ACCESS.md`.
    public var path: String
    /// The first line that differs (1-based), nil when the file is missing.
    public var line: Int?
    /// That line as committed (nil past the end of the file).
    public var committed: String?
    /// That line as it would be generated (nil past the end).
    public var generated: String?

    /// A stale page.
    public init(path: String, line: Int?, committed: String?, generated: String?) {
        self.path = path
        self.line = line
        self.committed = committed
        self.generated = generated
    }

    /// Compares a committed file (nil when missing) with the generated text; nil when they are equal.
    public static func compare(path: String, committed: String?, generated: String) -> StalePage? {
        guard let committed else { return StalePage(path: path, line: nil, committed: nil, generated: nil) }
        guard !isSame(committed, generated) else { return nil }
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let new = generated.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < old.count && index < new.count && old[index] == new[index] { index += 1 }
        return StalePage(
            path: path, line: index + 1,
            committed: index < old.count ? String(old[index]) : nil,
            generated: index < new.count ? String(new[index]) : nil)
    }

    /// Equal but for the commit the page names (`<span class="commit">…</span>`): it changes with every
    /// commit while the proof does not, and a page cannot name the commit that will contain it.
    public static func isSame(_ committed: String, _ generated: String) -> Bool {
        withoutCommit(committed) == withoutCommit(generated)
    }

    static func withoutCommit(_ page: String) -> String {
        page.replacingOccurrences(
            of: #"<span class="commit">[^<]*(<code>[^<]*</code>)?[^<]*</span>"#, with: "", options: .regularExpression)
    }

    /// What differs, in two or three lines.
    public var description: String {
        guard let line else { return "\(path) is missing." }
        return "\(path) is stale: line \(line) differs.\n"
            + "  committed: \(committed ?? "(end of file)")\n"
            + "  generated: \(generated ?? "(end of file)")"
    }
}
