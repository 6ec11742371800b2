import RLSDocs
import Testing

@Suite("Writing the pages and --check")
struct DocsCheckTests {
    @Test func freshPagesPassAndRewritingChangesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pages = try AccessDocs.pages(for: Example.schema, proof: Example.unproven)
        #expect(try AccessDocs.write(pages, to: folder.path) == ["\(folder.path)/ACCESS.md", "\(folder.path)/access.html"])
        #expect(try AccessDocs.stalePages(pages, in: folder.path).isEmpty)
        #expect(try AccessDocs.write(pages, to: folder.path).isEmpty)
    }

    @Test func aHandEditedPageIsStaleAtItsFirstDifferingLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pages = try AccessDocs.pages(for: Example.schema, proof: Example.unproven)
        try AccessDocs.write(pages, to: folder.path)
        let original = try folder.read("ACCESS.md")
        try folder.write("ACCESS.md", original.replacing("| [saved](#saved) | ✗?", with: "| [saved](#saved) | ✓?"))
        let stale = try AccessDocs.stalePages(pages, in: folder.path)
        #expect(stale.count == 1)
        let page = try #require(stale.first)
        let line = original.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("| [saved]") }! + 1
        #expect(page.path == "\(folder.path)/ACCESS.md")
        #expect(page.line == line)
        #expect(page.committed?.hasPrefix("| [saved](#saved) | ✓?") == true)
        #expect(page.generated?.hasPrefix("| [saved](#saved) | ✗?") == true)
        #expect(page.description.hasPrefix("\(folder.path)/ACCESS.md is stale: line \(line) differs."))
    }

    @Test func aMissingOrTruncatedPageIsStale() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pages = try AccessDocs.pages(for: Example.schema, proof: Example.unproven)
        #expect(
            try AccessDocs.stalePages(pages, in: folder.path).map(\.description)
                == ["\(folder.path)/ACCESS.md is missing.", "\(folder.path)/access.html is missing."])
        try AccessDocs.write(pages, to: folder.path)
        try folder.write("access.html", "<!DOCTYPE html>\n")
        let stale = try #require(try AccessDocs.stalePages(pages, in: folder.path).first)
        #expect(stale.line == 2)
        #expect(stale.committed == "")
    }
}
