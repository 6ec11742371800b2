import RLSModel
import Testing

/// Names, comments and enum values Postgres would refuse (or that would break the SQL around them)
/// fail validation with the Swift file and line, before anything connects.
@Suite struct UnsafeNameTests {
    let file = "RLSModelTests/UnsafeNameTests.swift"

    private func errors(_ schema: Schema) -> [ValidationError] { schema.validationErrors() }

    @Test(arguments: ["", "a\0b", "note\ndrop table x", "tab\there", "bell\u{7}"])
    func aTableNameWithControlCharactersOrNothingIsRefused(_ name: String) throws {
        let line = #line + 1
        let schema = Schema { Table(name) { Column("id", .uuid) } }
        let found = errors(schema).filter { $0.kind == .invalidName }
        try #require(found.count == 1, "\(errors(schema).map(\.description))")
        #expect(found[0].description.hasPrefix("\(file):\(line): "), "\(found[0].description)")
    }

    @Test(arguments: ["xmin", "ctid", "tableoid", "cmax", "XMIN"])
    func aSystemColumnNameIsRefused(_ name: String) throws {
        let line = #line + 4  // the line of Column(name, .text)
        let schema = Schema {
            Table("note") {
                Column("id", .uuid)
                Column(name, .text)
            }
        }
        let found = try #require(errors(schema).first)
        #expect(found.kind == .invalidName)
        #expect(found.description.hasPrefix("\(file):\(line): public.note.\(name): "), "\(found.description)")
        #expect(found.message.contains("system column"))
    }

    @Test func anEmptyOrControlColumnNameIsRefused() throws {
        let line = #line + 4  // the line of Column("", .text); the next column is on the line after
        let schema = Schema {
            Table("note") {
                Column("id", .uuid)
                Column("", .text)
                Column("a\u{1b}[31m", .text)
            }
        }
        let found = errors(schema).filter { $0.kind == .invalidName }
        #expect(found.count == 2)
        let prefixes = found.map { String($0.description.prefix(while: { $0 != " " })) }.sorted()
        #expect(prefixes == ["\(file):\(line):", "\(file):\(line + 1):"], "\(found.map(\.description))")
    }

    @Test func aNULInACommentIsRefusedAndNewlinesAreFine() throws {
        let line = #line + 2
        let schema = Schema {
            Table("note") { Column("id", .uuid).comment("bad\0comment") }.comment("two\nlines\tare fine")
        }
        let found = errors(schema)
        try #require(found.count == 1, "\(found.map(\.description))")
        #expect(found[0].kind == .invalidName)
        #expect(found[0].description.hasPrefix("\(file):\(line): public.note.id: "), "\(found[0].description)")
        #expect(found[0].message.contains("NUL"))
    }

    @Test func anEnumValueWithANULIsRefused() throws {
        let line = #line + 1
        let schema = Schema { EnumType("mood", values: "ok", "b\0d", "") }
        let found = errors(schema).filter { $0.kind == .invalidName }
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.description.hasPrefix("\(file):\(line): ") }, "\(found.map(\.description))")
    }
}
