import ElectricRide
import Foundation
import Testing

/// Docs/TYPES.md shows generated code, and the example's committed Types/Database.swift is current.
@Suite("rls types: Docs/TYPES.md and the example's file")
struct TypesDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the saved table in Docs/TYPES.md is what rls types writes")
    func docsShowTheGeneratedCode() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("Docs/TYPES.md"), encoding: .utf8)
        let marker = "<!-- The generated code of public.saved, kept equal to Types/Database.swift by TypesDocsTests. -->\n```swift\n"
        let start = try #require(doc.range(of: marker), "Docs/TYPES.md lost its marker")
        let shown = doc[start.upperBound...].components(separatedBy: "```\n")[0]
        let generated = try TypesSnapshot.file(ElectricRide.schema)
        let section = try #require(generated.range(of: "// MARK: - public.saved\n\n"))
        let code = String(generated[section.upperBound...].components(separatedBy: "\n}\n")[0]) + "\n}\n"
        #expect(shown == code, "Docs/TYPES.md shows an older public.saved; paste the section of Types/Database.swift")
    }

    @Test("Types/Database.swift is what rls-example types writes")
    func exampleFileIsCurrent() throws {
        let committed = try String(contentsOf: Self.root.appendingPathComponent("Types/Database.swift"), encoding: .utf8)
        #expect(
            committed == (try TypesSnapshot.file(ElectricRide.schema)), "run .build/debug/rls-example types and commit Types/Database.swift"
        )
    }
}
