import RLSDocs
import RLSModel
import Testing

@Suite("Generated access pages")
struct AccessPageTests {
    func page(_ proof: AccessProof, _ fileName: String) throws -> String {
        try #require(try AccessDocs.pages(for: Example.schema, proof: proof).first { $0.fileName == fileName }).contents
    }

    @Test func exampleMarkdownMatchesSnapshot() throws {
        try Snapshot.expectMatches(try page(Example.unproven, "ACCESS.md"), named: "ACCESS.md")
        try Snapshot.expectMatches(try page(Example.proven, "ACCESS.md"), named: "ACCESS-proven.md")
    }

    @Test func exampleHTMLMatchesSnapshot() throws {
        try Snapshot.expectMatches(try page(Example.unproven, "access.html"), named: "access.html")
    }

    @Test func regeneratingGivesTheSameBytes() throws {
        let first = try AccessDocs.pages(for: Example.schema, proof: Example.proven)
        let second = try AccessDocs.pages(for: ElectricRideCopy.schema, proof: Example.proven)
        #expect(first == second)
    }

    @Test func unprovenCellsAreMarkedAndProvenOnesAreNot() throws {
        let unproven = try page(Example.unproven, "ACCESS.md")
        #expect(unproven.contains("**Not yet proven.**"))
        #expect(unproven.contains("| [saved](#saved) | ✗? | ✗? | ✗? | ✗? | ⊘? | ⊘? | ⊘? | ⊘? | ✓? | ✓? | ✓? | ✓? |"))
        #expect(!unproven.contains("proven by `rls check`*"))
        let proven = try page(Example.proven, "ACCESS.md")
        #expect(
            proven.contains(
                "**Proven.** Every cell below (160) was proven by `rls check` on a throwaway Supabase-shaped database built from `Migrations/`"
            ))
        #expect(proven.contains("| [saved](#saved) | ✗ | ✗ | ✗ | ✗ | ⊘ | ⊘ | ⊘ | ⊘ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |"))
        #expect(!proven.contains("not yet proven*"))
    }

    @Test func aPartialProofMarksOnlyTheUnprovenCells() throws {
        var proof = Example.proven
        let cell = AccessCell(TableName(name: "saved"), .signedInUser, .select)
        proof.statuses[cell] = .unverified
        let markdown = try page(proof, "ACCESS.md")
        #expect(markdown.contains("**Partly proven.** 159 of 160 cells"))
        #expect(markdown.contains("| [saved](#saved) | ✗ | ✗ | ✗ | ✗ | ⊘? | ⊘ | ⊘ | ⊘ | ✓ |"))
        #expect(markdown.contains("bypasses row-level security. *(proven by `rls check`)*"))
    }

    @Test func aFailedCellWritesNoPage() throws {
        var proof = Example.proven
        let cell = AccessCell(TableName(name: "saved"), .signedInUser, .select)
        proof.statuses[cell] = .failed(reason: "bob saw 2 of alice's rows")
        #expect {
            _ = try AccessDocs.pages(for: Example.schema, proof: proof)
        } throws: { error in
            guard let error = error as? DocsError, case .proofFailed(_, let failures) = error else { return false }
            return failures == [
                "public.saved, signed-in user, select: documented as blocked by row-level security, but bob saw 2 of alice's rows"
            ]
                && error.description.contains("no page was written")
        }
    }

    @Test func htmlIsSelfContained() throws {
        let html = try page(Example.unproven, "access.html")
        // One inline script (the caller filter), nothing loaded from anywhere.
        #expect(html.components(separatedBy: "<script>").count == 2)
        for external in ["http://", "https://", "<script ", "<link", "src=", "@import", "url(", "fetch(", "XMLHttpRequest"] {
            #expect(!html.contains(external), "access.html must not load \(external)")
        }
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<style>"))
        #expect(
            html.contains(
                #"<td class="blocked" data-caller="signedInUser" title="signed-in user, see: blocked by row-level security (not yet proven)">⊘?</td>"#
            ))
    }

    @Test func markdownHasTheDiagramAndFoldedSQL() throws {
        let markdown = try page(Example.unproven, "ACCESS.md")
        #expect(markdown.contains("```mermaid\nerDiagram\n"))
        #expect(markdown.contains("    profiles ||--o{ saved : \"profile_id\""))
        #expect(markdown.contains("        uuid profile_id PK, FK \"owner\""))
        #expect(markdown.contains("<summary>SQL: row-level security, privileges and 4 policies</summary>"))
        #expect(markdown.contains("create policy \"insert_owner_through_profile_id\" on \"public\".\"saved\""))
    }

    @Test func anInvalidSchemaWritesNoPage() {
        let schema = Schema {
            Table("note") { Column("id", .bigint).primaryKey() }.access(.owner(column: "missing"))
        }
        #expect(throws: DocsError.self) { try AccessDocs.pages(for: schema, proof: Example.unproven) }
    }
}

@Suite("Failures outside the matrix")
struct OtherFailureTests {
    @Test func aFailedScenarioWritesNoPage() {
        var proof = Example.proven
        proof.otherFailures = ["scenario \"bob sees none of alice's saved listings\" failed"]
        #expect {
            _ = try AccessDocs.pages(for: Example.schema, proof: proof)
        } throws: { error in
            "\(error)".contains("bob sees none of alice's saved listings")
        }
    }
}
