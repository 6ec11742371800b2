import Foundation
import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSTestSupport
import Testing

/// `rls pull` on a database whose names, comments and expressions are written to break out of the
/// Swift they are printed into: every piece of database text must land inside a comment or a string
/// literal. Each hostile text carries `#error("INJECTED ...")`, so text that became code fails the
/// build of the pulled files, which are type-checked against the real `RLSModel` module.
@Suite("Pull with hostile text")
struct PullHostileTextTests {
    /// Everything that ends or confuses a comment or a literal: line breaks of every kind, a block
    /// comment's end, raw and plain literal delimiters, interpolations, a terminal escape, a bell,
    /// a right-to-left override.
    static let evil =
        "one\n#error(\"INJECTED newline\")\n*/ #error(\"INJECTED block\") /*\r#error(\"INJECTED cr\")\u{2028}#error(\"INJECTED ls\")"
        + "\u{2029}\u{85}#error(\"INJECTED nel\") \"\"\" \"\"\"# \"\"\"## \\( \\#( \\(x) \\#(x) #\" \u{1B}[2J\u{7}\u{202E}evil\u{202C}\tend"

    /// Identifiers are at most 63 bytes: a line break and an `#error` in each.
    static let table = "t\n#error(\"INJECTED table\")\"\"\"#\u{202E}"
    static let column = "o\n#error(\"INJECTED col\")\r\u{1B}[2J"
    static let constraint = "x\n#error(\"INJECTED exclusion\")"
    static let check = "k\n#error(\"INJECTED check\")"
    static let policy = "p\n#error(\"INJECTED policy\")"
    static let index = "i\n#error(\"INJECTED index\")"
    static let function = "f\n#error(\"INJECTED function\")"
    static let enumType = "e\n#error(\"INJECTED enum\")"
    static let view = "v\n#error(\"INJECTED view\")"
    static let trigger = "g\n#error(\"INJECTED trigger\")"
    static let origin = "a test\n#error(\"INJECTED origin\")\nselect 1/0;"

    static func ident(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
    static func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    static var sql: String {
        let t = "public." + ident(table)
        let c = ident(column)
        let e = literal(evil)
        return """
            create type public.\(ident(enumType)) as enum ('one', \(literal("a\n#error(\"INJECTED label\")\"\"\"#")));
            comment on type public.\(ident(enumType)) is \(e);
            create table \(t) (id bigint primary key, during tstzrange, note text, \(c) uuid);
            comment on table \(t) is \(e);
            comment on column \(t).\(c) is \(e);
            alter table \(t) add constraint \(ident(constraint)) exclude using gist (during with &&) where (note <> \(e));
            alter table \(t) add constraint \(ident(check)) check (note <> \(e));
            create index \(ident(index)) on \(t) (note) where note <> \(e);
            alter table \(t) enable row level security;
            create policy \(ident(policy)) on \(t) for select to authenticated using ((select auth.uid()) = \(c));
            comment on policy \(ident(policy)) on \(t) is \(e);
            create function public.\(ident(function))() returns text language sql as $body$ select \(e)::text $body$;
            comment on function public.\(ident(function))() is \(e);
            create function public.touch() returns trigger language plpgsql as $body$ begin return new; end $body$;
            create trigger \(ident(trigger)) before update on \(t) for each row execute function public.touch();
            create view public.\(ident(view)) with (security_invoker) as select \(e)::text as v;
            """
    }

    @Test func pulledSwiftTypeChecksAndHoldsTheTextOnlyInCommentsAndLiterals() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(Self.sql)
        let pull = try Pull(connection: db, name: "Hostile", origin: Self.origin)
        #expect(pull.pulled.notes.contains { $0.description.contains("INJECTED exclusion") }, "\(pull.pulled.notes)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rls-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try pull.write(sources: folder.path, migrations: MigrationDirectory(path: folder.appendingPathComponent("Migrations").path))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count == pull.sources.files.count)
        // Every file pull names starts with `Hostile` and holds printable ASCII only: no `/`, no control, no leading dot.
        let names = pull.sources.files.keys.sorted()
        #expect(
            names.allSatisfy { $0.hasPrefix("Hostile") && $0.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0 != "/" } },
            "\(names)")

        // Outside multi-line literals and before any `//`, an `#error("` of the database's appears
        // only escaped inside a one-line literal (`#error(\"`); the typecheck below proves the rest.
        for (name, contents) in pull.sources.files {
            for line in Self.linesOutsideMultilineLiterals(contents) {
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
                #expect(!code.contains("#error(\""), "\(name): \(line)")
            }
            // Comments hold no raw control or line-breaking character at all.
            for line in contents.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                #expect(
                    !line.unicodeScalars.contains { $0.isControlCharacter || [0x2028, 0x2029, 0x202E].contains($0.value) },
                    "\(name): \(line.debugDescription)")
            }
        }
        let result = try SwiftCompiler.typeCheck(files.map { folder.appendingPathComponent($0).path })
        #expect(result.status == 0, "the pulled Swift does not type-check:\n\(result.output)")
        #expect(!result.output.contains("INJECTED"), "\(result.output)")

        // The baseline replays on a fresh database (its header holds the origin in an SQL comment).
        let (_, replayed) = try TestDatabase.make()
        defer { replayed.close() }
        try replayed.execute("BEGIN;\n" + pull.baselineSQL + "\nCOMMIT;")
        let copy = try replayed.introspectCatalog()
        #expect(ChangePlan(from: copy, to: pull.catalog).isEmpty, "\(ChangePlan(from: copy, to: pull.catalog).sql)")
    }

    /// The lines of `source` that are not inside a raw multi-line literal (`#"""` to `"""#`).
    static func linesOutsideMultilineLiterals(_ source: String) -> [Substring] {
        var outside: [Substring] = []
        var closing: String?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if let delimiter = closing {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix(delimiter) { closing = nil } else { continue }
            }
            outside.append(line)
            if line.hasSuffix("\"\"\"") {
                closing = "\"\"\"" + String(line.dropLast(3).reversed().prefix { $0 == "#" })
            }
        }
        return outside
    }
}
