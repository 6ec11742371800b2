import RLSModel
import RLSTypes
import Testing

/// Names, comments and labels from a schema are data in the generated Swift: escaped in string
/// literals, one `///` line per comment line, never code. Functions the API may call get parameters.
@Suite("rls types: hostile names and comments, functions")
struct TypesHostileTextTests {
    static let schema = Schema {
        EnumType("state\"\\(x)", values: "a\"b", "c\\(d)", "class", "-", comment: "one\n*/ two\r\nthree")
        Table("note\"); fatalError(\"") {
            Column("id", .bigint).identity().primaryKey()
            Column("owner_id", .uuid).default(.currentUserID).comment("line one\nline two \\(evil)")
            Column("state", .enumeration("state\"\\(x)"))
            Column("self", .text).nullable()
            Column("Type", .text).nullable()
            Column("user_id", .uuid).nullable()
            Column("userId", .uuid).nullable()
        }
        .comment("A comment\n\n/// with a fake doc line\n}\nstruct Injected {}")
        .access(.owner(column: "owner_id"))
        Table("date") { Column("id", .uuid).primaryKey() }
        Function(
            "notes_matching", arguments: [.init("prefix", .text), .init("limit", .integer)], returns: .setOf("note\"); fatalError(\""),
            language: .sql, volatility: .stable, executableBy: [.authenticated],
            body: SQL(raw: "select * from public.\"note\"\"); fatalError(\"\"\" where true limit \"limit\""))
        Function(
            "backend_only", returns: .type(.bigint), executableBy: [.serviceRole], body: SQL(raw: "begin return 1; end"))
    }

    @Test("the file compiles, and the text stays in literals and comments")
    func compilesAndEscapes() throws {
        let text = try SwiftTypesFile(schema: Self.schema, options: SwiftTypesOptions()).text
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let result = try SwiftProgram.typeCheck(["Database.swift": text], in: folder)
        #expect(result.status == 0, "\(result.output)")
        #expect(!text.contains("\nstruct Injected"))
        #expect(text.contains("/// struct Injected {}"))
        #expect(text.contains(#"public static let tableName = "note\"); fatalError(\"""#))
        #expect(text.contains(#"case c_d = "c\\(d)""#) || text.contains(#"case cD = "c\\(d)""#))
        #expect(text.contains("case `class`"))
        #expect(text.contains("public struct DateRow: "), "a table called date must not hide Foundation's Date")
        #expect(text.contains("public var userID: UUID?") && text.contains("public var userID2: UUID?"))
        #expect(text.contains("public var `self`: String?"))
    }

    /// A comment or name holding a bidirectional override (the "Trojan Source" trick: text that reads
    /// otherwise than it compiles) or a byte-order mark reaches a `///` or `// MARK:` line without it.
    /// (Before, control characters were dropped there but these went through.)
    @Test("bidirectional marks never reach a comment line")
    func bidirectionalMarks() throws {
        let marks = "\u{202E}\u{2066}\u{200F}\u{061C}\u{FEFF}"
        let schema = Schema {
            Table("rtl\(marks)") { Column("id", .uuid).primaryKey() }
                .comment("reads \(marks)backwards")
                .access(.owner(column: "id"))
        }
        let text = try SwiftTypesFile(schema: schema, options: SwiftTypesOptions()).text
        let commentLines = text.split(separator: "\n").filter { $0.drop { $0 == " " }.hasPrefix("//") }
        #expect(commentLines.contains { $0.contains("reads backwards") })
        #expect(!commentLines.contains { line in line.unicodeScalars.contains { $0.needsEscapeForDisplay } }, "\(commentLines)")
    }

    @Test("a function a signed-in user may call has its parameters and result; one only the backend calls does not")
    func functions() throws {
        let text = try SwiftTypesFile(schema: Self.schema, options: SwiftTypesOptions()).text
        #expect(text.contains("public enum NotesMatching {"))
        #expect(text.contains("public typealias Result = [NoteFatalError]"))
        #expect(text.contains("public var limit: Int32"))
        #expect(!text.contains("BackendOnly"))
        let service = try SwiftTypesFile(schema: Self.schema, options: SwiftTypesOptions(role: .serviceRole)).text
        #expect(service.contains("public enum BackendOnly {"))
        #expect(service.contains("public typealias Result = Int64"))
    }
}
