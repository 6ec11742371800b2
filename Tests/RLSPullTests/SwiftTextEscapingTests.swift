import Foundation
import RLSCatalog
import RLSModel
import RLSTestSupport
import Testing

@testable import RLSPull

/// The escaping of database text for each place it reaches in the Swift `rls pull` writes: one
/// comment line, a one-line literal, a multi-line literal. Literals must give back exactly the text;
/// comments must stay on their line.
@Suite("Swift text escaping")
struct SwiftTextEscapingTests {
    static let hostile = [
        "plain", "it's \"quoted\" \\ back", "a\nb", "a\r\nb\rc", "*/ end /* start", "\"\"\" and \"\"\"# and \"\"\"##",
        "#\"raw\"#", "\\(x) \\#(y) \\##(z)", "\u{1B}[2J\u{7}bell", "\u{202E}evil\u{202C}", "line\u{2028}sep\u{2029}para\u{85}nel",
        "trailing space \nand tab\t\n  \n", "\n", "", "tab\tinside", "\u{FEFF}bom \u{200F}rlm \u{2066}iso\u{2069}",
        "quote \"\u{301} with a combining mark",
    ]

    @Test(arguments: hostile)
    func commentIsOneLineWithNothingRaw(_ text: String) {
        let line = SwiftComment.line(text)
        #expect(!line.unicodeScalars.contains { $0.needsEscapeForDisplay }, "\(line.debugDescription)")
        #expect(!line.contains("\n") && !line.contains("\r"))
    }

    @Test func commentShowsWhatItEscaped() {
        #expect(SwiftComment.line("a\n#error(\"x\")") == #"a\n#error("x")"#)
        #expect(SwiftComment.line("\u{1B}[2J\u{202E}") == #"\u{1B}[2J\u{202E}"#)
        #expect(SwiftComment.line("a\u{2028}b") == #"a\u{2028}b"#)
        // Swift quoted in a comment stays as written.
        #expect(SwiftComment.line(#".owner(column: "a\nb")"#) == #".owner(column: "a\nb")"#)
        #expect(SwiftComment.line("plain text") == "plain text")
    }

    @Test(arguments: hostile)
    func oneLineLiteralHasNoLineBreakOrRawControl(_ text: String) {
        let literal = SwiftLiteral.string(text)
        #expect(!literal.contains("\n") && !literal.contains("\r"))
        #expect(!literal.unicodeScalars.contains { $0.needsEscapeForDisplay }, "\(literal.debugDescription)")
    }

    @Test func multilineLiteralEscapesControlsButKeepsTabs() {
        let literal = SwiftLiteral.text("select 1\n\t\u{1B}[2J\u{202E}\r\n", indent: "    ")
        #expect(
            literal == """
                #\"\"\"
                    select 1
                    \t\\#u{1b}[2J\\#u{202e}\\#r

                    \"\"\"#
                """)
    }

    @Test func blankLinesCarryNoMarkerButTrailingBlanksAfterTextDo() {
        let literal = SwiftLiteral.text("begin\n  \n\treturn new;  \nend", indent: "    ")
        #expect(literal == "#\"\"\"\n    begin\n      \n    \treturn new;  \\#(\"\")\n    end\n    \"\"\"#")
    }

    /// Compiles the literals into a program and runs it: each must give back exactly its text.
    @Test func literalsGiveBackTheExactText() throws {
        let literals = Self.hostile.flatMap { [SwiftLiteral.string($0), SwiftLiteral.text($0, indent: "        ")] }
        let program =
            "import Foundation\nlet values: [String] = [\n"
            + literals.map { "        " + $0 + ",\n" }.joined()
            + "]\nfor value in values { print(Data(value.utf8).base64EncodedString()) }\n"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rls-literals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("main.swift")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let binary = folder.appendingPathComponent("literals").path
        let build = try SwiftCompiler.swiftc(["-o", binary, source.path])
        try #require(build.status == 0, "\(build.output)\n\(program)")
        let run = try SwiftCompiler.execute(binary, [])
        let values = run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            String(decoding: Data(base64Encoded: String($0)) ?? Data(), as: UTF8.self)
        }
        #expect(values == Self.hostile.flatMap { [$0, $0] })
    }

    /// The files of a pulled schema whose notes, table comments, policy comments and origin hold
    /// line breaks: every comment line stays one line.
    @Test func sourceFilesKeepEveryCommentOnItsLine() {
        var pulled = PulledSchema(catalog: Catalog(), fileID: "Policies/App.swift")
        let name = "n\n#error(\"x\")\u{202E}"
        pulled.schema = Schema {
            Table(name) {
                Column("id", .uuid).primaryKey()
                Policy("p\nq", for: .select, to: [.authenticated], using: SQL(raw: "true"))
            }
        }
        pulled.notes = [PullNote("public.\(name)", "constraint c (CHECK (a <> 'x\n#error(\"y\")')) is not expressible")]
        pulled.tableComments = ["public.\(name)": ["suggestion\n#error(\"z\")"]]
        pulled.policyComments = ["public.\(name).p\nq": "means\r#error(\"w\")"]
        let files = SwiftSourceFiles(pulled, name: "App", origin: "db\n#error(\"o\")")
        for (file, contents) in files.files {
            for line in contents.split(separator: "\n") {
                #expect(!line.trimmingCharacters(in: .whitespaces).hasPrefix("#error"), "\(file): \(line)")
                #expect(!line.contains("\r") && !line.unicodeScalars.contains("\u{202E}"), "\(file): \(line.debugDescription)")
            }
        }
        let main = files.files["App.swift"] ?? ""
        #expect(
            main.contains(#"/// - public.n\n#error("x")\u{202E}: constraint c (CHECK (a <> 'x\n#error("y")')) is not expressible"#),
            "\(main)")
        #expect(main.contains(#"// Written by `rls pull` from db\n#error("o"); edit freely"#), "\(main)")
        let table = files.files.first { $0.key != "App.swift" }?.value ?? ""
        #expect(table.contains(#"/// `public.n\n#error("x")\u{202E}`."#), "\(table)")
        #expect(table.contains(#"// suggestion\n#error("z")"#), "\(table)")
        #expect(table.contains(#"// means\r#error("w")"#), "\(table)")
    }

    @Test func typeNamesRefuseSwiftKeywords() {
        #expect(SwiftIdentifier.isTypeName("MyApp"))
        #expect(!SwiftIdentifier.isTypeName("class"))
        #expect(!SwiftIdentifier.isTypeName("Self"))
        #expect(!SwiftIdentifier.isTypeName("Type"))
        #expect(!SwiftIdentifier.isTypeName("App\n"))
        #expect(SwiftIdentifier.camelCase(["t\n#error(\"x\")\u{202E}"]) == "tErrorX")
    }

    @Test func decimalDefaultIsANumberOrALiteral() {
        #expect(ColumnDefault.decimal("9.99").swiftSource == "9.99")
        #expect(ColumnDefault.decimal("1); fatalError(").swiftSource == #".decimal("1); fatalError(")"#)
    }
}
