import RLSDocs
import RLSModel
import Testing

/// Names and comments that hold HTML, Markdown structure, table separators and backticks: ACCESS.md
/// shows them as text (no live HTML, no broken table, no injected heading or fence), as
/// access.html already does.
@Suite("Access pages with hostile text")
struct AccessPageHostileTextTests {
    static let table = "a|b<img src=x onerror=alert(1)>`"
    static let column = "x|y``z<b>bold</b>"
    static let comment =
        "<script>alert(1)</script> & *not emphasis* [link](javascript:alert(1))\n\n# Injected heading\n| fake | row |\n```\n<iframe src=evil>"

    static let schema = Schema {
        Table(table) {
            Column("id", .uuid).primaryKey()
            Column("owner_id", .uuid)
            Column(column, .text).nullable().default("`|<i>").comment(comment)
        }
        .access(.owner(column: "owner_id"))
        .comment(comment)
        View("v<u>|`", readableBy: [.authenticated], comment: comment, query: SQL(raw: "select 1 as one"))
        Function(
            "f<s>", returns: .type(.integer), language: .sql, executableBy: [.authenticated], comment: comment,
            body: SQL(raw: "select 1"))
    }

    static func markdown() throws -> String {
        try #require(try AccessDocs.pages(for: schema, proof: Example.unproven).first { $0.fileName == "ACCESS.md" }).contents
    }

    /// The text of `markdown` outside fenced code blocks and code spans, as CommonMark reads them.
    static func prose(_ markdown: String) -> String {
        var lines: [Substring] = []
        var fence: String?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let run = String(line.prefix { $0 == "`" })
            if let open = fence {
                if run.count >= open.count && line.dropFirst(run.count).allSatisfy({ $0 == " " }) { fence = nil }
                continue
            }
            if run.count >= 3 {
                fence = run
                continue
            }
            lines.append(line)
        }
        var result = ""
        var rest = Substring(lines.joined(separator: "\n"))
        while let first = rest.first {
            if first == "\\", rest.count > 1 {
                result += String(rest.prefix(2))
                rest = rest.dropFirst(2)
            } else if first == "`" {
                let run = rest.prefix { $0 == "`" }
                let after = rest.dropFirst(run.count)
                if let close = Self.closingRun(of: run.count, in: after) {
                    result += "<code/>"
                    rest = after[close.upperBound...]
                } else {
                    result += run
                    rest = after
                }
            } else {
                result.append(first)
                rest = rest.dropFirst()
            }
        }
        return result
    }

    static func closingRun(of count: Int, in text: Substring) -> Range<Substring.Index>? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "`" {
                let run = text[index...].prefix { $0 == "`" }
                if run.count == count { return index..<run.endIndex }
                index = run.endIndex
            } else {
                index = text.index(after: index)
            }
        }
        return nil
    }

    @Test func markdownHoldsNoLiveHTMLNorInjectedStructure() throws {
        let markdown = try Self.markdown()
        let prose = Self.prose(markdown)
        let allowed = ["<details>", "</details>", "<summary>", "</summary>", "<br>", "<!--", "<code/>"]
        var index = prose.startIndex
        while let open = prose[index...].firstIndex(of: "<") {
            let escaped = open > prose.startIndex && prose[prose.index(before: open)] == "\\"
            #expect(
                escaped || allowed.contains { prose[open...].hasPrefix($0) },
                "raw HTML in ACCESS.md: \(prose[open...].prefix(40))")
            index = prose.index(after: open)
        }
        #expect(!markdown.contains("\n# Injected heading"), "a comment started a heading")
        #expect(!markdown.contains("\n| fake | row |"), "a comment started a table row")
        #expect(!prose.contains("*not emphasis*"), "a comment's Markdown is live")
        #expect(!prose.contains("[link](javascript"), "a comment's link is live")
    }

    @Test func everyTableRowHasItsHeadersCells() throws {
        let markdown = try Self.markdown()
        func cells(_ line: Substring) -> Int {
            var count = 0
            var previous: Character = " "
            for character in line {
                if character == "|" && previous != "\\" { count += 1 }
                previous = character
            }
            return count
        }
        var header: Int?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                header = nil
                continue
            }
            if let header {
                #expect(cells(line) == header, "\(line)")
            } else {
                header = cells(line)
            }
        }
        #expect(markdown.contains(#"x\|y"#), "the column's name is in its row, its | escaped")
    }

    @Test func htmlPageStaysEscaped() throws {
        let html = try #require(try AccessDocs.pages(for: Self.schema, proof: Example.unproven).first { $0.fileName == "access.html" })
            .contents
        for tag in ["<img", "<iframe", "<script>alert", "<b>bold", "<u>", "<s>", "<i>"] {
            #expect(!html.contains(tag), "\(tag) raw in access.html")
        }
    }
}
