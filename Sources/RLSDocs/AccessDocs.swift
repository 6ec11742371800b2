import RLSModel

/// Generates the access pages, `ACCESS.md` and `access.html`: who can see what, for every table,
/// from the schema's plans and policies, with each cell marked proven or not by `rls check`.
///
/// ```swift
/// let pages = try AccessDocs.pages(for: ElectricRide.schema, proof: proof)
/// try AccessDocs.write(pages, to: "Docs")                 // rls docs
/// let stale = try AccessDocs.stalePages(pages, in: "Docs") // rls docs --check
/// ```
public enum AccessDocs {
    /// The markdown page's file name.
    public static let markdownFileName = "ACCESS.md"
    /// The HTML page's file name.
    public static let htmlFileName = "access.html"

    /// The pages for `schema`, marked with `proof`. Throws ``DocsError/proofFailed(source:failures:)``
    /// when any cell failed, so a page never states what the database does not do.
    public static func pages(for schema: Schema, proof: AccessProof) throws(DocsError) -> [GeneratedPage] {
        do { try schema.validate() } catch { throw .invalidSchema(error) }
        let matrix = AccessMatrix(schema)
        let failures =
            proof.failures.map { failure in
                "\(failure.cell): documented as \(matrix.outcome(of: failure.cell).words), but \(failure.reason)"
            } + proof.otherFailures
        if !failures.isEmpty { throw .proofFailed(source: proof.source, failures: failures) }
        let page = AccessPage(matrix: matrix, proof: proof)
        return [
            GeneratedPage(fileName: markdownFileName, contents: page.markdown),
            GeneratedPage(fileName: htmlFileName, contents: AccessHTMLPage(page: page).html),
        ]
    }

    /// Writes `pages` into `directory` (created if missing); returns the paths whose contents changed.
    @discardableResult
    public static func write(_ pages: [GeneratedPage], to directory: String) throws(DocsError) -> [String] {
        let folder = DocsFolder(path: directory)
        var changed: [String] = []
        // A page that differs only in the commit it names is left as it is: no churn on every commit.
        for page in pages where try folder.read(page.fileName).map({ !StalePage.isSame($0, page.contents) }) ?? true {
            try folder.write(page.fileName, page.contents)
            changed.append(folder.path(of: page.fileName))
        }
        return changed
    }

    /// The pages in `directory` that differ from `pages` (missing ones included); empty when all are fresh.
    public static func stalePages(_ pages: [GeneratedPage], in directory: String) throws(DocsError) -> [StalePage] {
        let folder = DocsFolder(path: directory)
        var stale: [StalePage] = []
        for page in pages {
            let committed = try folder.read(page.fileName)
            if let difference = StalePage.compare(path: folder.path(of: page.fileName), committed: committed, generated: page.contents) {
                stale.append(difference)
            }
        }
        return stale
    }
}
