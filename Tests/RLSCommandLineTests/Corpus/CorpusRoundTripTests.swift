import Foundation
import RLSDatabase
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// The adoption round trip on each schema of the real-world-shaped corpus (Tests/Corpus): applied
/// to a Supabase-shaped database as its migrations are, then `rls pull`, `apply --mark-applied`,
/// `plan --exit-code` green, `check` and `docs` on the live database (and check on a throwaway one),
/// the baseline replayed on a fresh database to the same catalog (``CatalogSnapshot``), and a
/// tightening edit through `diff`, `apply` and `plan`. ``pulledSwiftBuilds`` proves the Swift pull
/// writes compiles to the schema values these steps use.
@Suite("Corpus round trip")
struct CorpusRoundTripTests {
    @Test(arguments: CorpusSchema.all)
    func roundTrip(_ corpus: CorpusSchema) throws {
        let project = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: project) }
        let migrations = project + "/Migrations"
        let database = try TestDatabase.make(corpus.privileges)
        defer { database.connection.close() }
        try database.connection.execute(try corpus.sql())
        let target = ["--database-url", database.url, "--migrations", migrations]

        let pull = runRLS(
            ["pull", "--output", project + "/Policies", "--name", corpus.name] + corpus.data.flatMap { ["--data", $0] } + target)
        try #require(pull.code == .success, "pull: \(pull.error)")
        let version = try #require(try MigrationDirectory(path: migrations).files().first?.version)
        let schema = try Pull(connection: database.connection, name: corpus.name, origin: "test", data: corpus.data).pulled.schema

        let mark = runRLS(["apply", "--mark-applied", version] + target, schema: schema)
        try #require(mark.code == .success, "apply --mark-applied: \(mark.error)")
        let green = runRLS(["plan", "--exit-code"] + target, schema: schema)
        #expect(green.code == .success, "plan after pull:\n\(green.output)\(green.error)")

        let check = runRLS(["check", "--database-url", database.url], schema: schema)
        #expect(check.code == .success, "check on the live database:\n\(check.output)\(check.error)")
        let throwaway = runRLS(["check", "--migrations", migrations], schema: schema)
        #expect(throwaway.code == .success, "check on a throwaway database:\n\(throwaway.output)\(throwaway.error)")
        let docs = runRLS(["docs", "--docs", project + "/Docs"] + target, schema: schema)
        #expect(docs.code == .success, "docs:\n\(docs.output)\(docs.error)")
        #expect(FileManager.default.fileExists(atPath: project + "/Docs/ACCESS.md"))

        // The baseline alone, replayed on a fresh database of the same kind, gives the same catalog.
        let original = try CatalogSnapshot.sections(database.connection)
        let fresh = try TestDatabase.make(corpus.privileges)
        defer { fresh.connection.close() }
        let replay = runRLS(["apply", "--yes", "--database-url", fresh.url, "--migrations", migrations], schema: schema)
        #expect(replay.code == .success, "baseline replay:\n\(replay.output)\(replay.error)")
        for (section, copy) in zip(original, try CatalogSnapshot.sections(fresh.connection)) {
            let compare = {
                #expect(
                    copy.lines == section.lines,
                    "\(section.name) differ after the baseline replay:\n\(CatalogSnapshot.difference(section.lines, copy.lines))")
            }
            if let reason = corpus.pending[section.name] { withKnownIssue(Comment(rawValue: reason), compare) } else { compare() }
        }
        // A sign-up on the replayed database: definer triggers on auth.users run under the grants
        // the baseline gave (the owner's own privileges kept: no 42501).
        let signUp = "insert into auth.users (id, email) values ('0f0f0f0f-0000-4000-8000-000000000001', 'new@example.com')"
        #expect(throws: Never.self, "a sign-up on the replayed database") { try fresh.connection.execute(signUp) }
        for table in corpus.data {
            let count = "select count(*)::text as n from \(table)"
            #expect(try fresh.connection.query(count).rows[0].string("n") == database.connection.query(count).rows[0].string("n"))
        }

        // A tightening edit: rls diff writes it, rls apply runs it, plan is green again.
        let tightened = corpus.tightened(schema)
        Thread.sleep(until: Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 1).rounded(.down)))
        let diff = runRLS(["diff", "tighten", "--migrations", migrations], schema: tightened)
        #expect(diff.code == .success, "diff:\n\(diff.output)\(diff.error)")
        let apply = runRLS(["apply", "--yes"] + target, schema: tightened)
        #expect(apply.code == .success, "apply:\n\(apply.output)\(apply.error)")
        let closed = runRLS(["plan", "--exit-code"] + target, schema: tightened)
        #expect(closed.code == .success, "plan after the tightening:\n\(closed.output)\(closed.error)")
    }

    /// The Swift `rls pull` writes for every corpus schema, compiled together into one executable
    /// (one compiler run for all six, the slow part) that renders each schema: the SQL is the SQL
    /// of the schema values ``roundTrip(_:)`` uses.
    @Test func pulledSwiftBuilds() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var expected: [String: String] = [:]
        for corpus in CorpusSchema.all {
            let database = try TestDatabase.make(corpus.privileges)
            defer { database.connection.close() }
            try database.connection.execute(try corpus.sql())
            let pull = try Pull(connection: database.connection, name: corpus.name, origin: "test", data: corpus.data)
            for (file, text) in pull.sources.files {
                try text.write(toFile: folder + "/" + file, atomically: true, encoding: .utf8)
            }
            expected[corpus.name] = try renderValidated(pull.pulled.schema)
        }
        let names = CorpusSchema.all.map(\.name)
        let main = """
            import RLSModel
            import RLSSQL
            for (name, schema) in [\(names.map { "(\"\($0)\", \($0).schema)" }.joined(separator: ", "))] {
                print("==== " + name)
                print(try renderValidated(schema))
            }
            """
        try main.write(toFile: folder + "/main.swift", atomically: true, encoding: .utf8)
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.map {
            folder + "/" + $0
        }
        let executable = folder + "/rendered"
        let build = try SwiftCompiler.executable(sources, linking: ["RLSWords", "RLSJSON", "RLSModel", "RLSSQL"], output: executable)
        try #require(build.status == 0, "the pulled Swift does not build:\n\(build.output)")
        let run = try SwiftCompiler.execute(executable, [])
        try #require(run.status == 0, "\(run.output)")
        let rendered = run.output.components(separatedBy: "==== ").dropFirst()
        for section in rendered {
            let name = String(section.prefix { $0 != "\n" })
            let sql = String(section.dropFirst(name.count + 1).dropLast())
            #expect(
                sql == expected[name],
                "\(name): the compiled Swift renders different SQL: \(Self.firstDifference(sql, expected[name] ?? ""))")
        }
        #expect(rendered.count == names.count)
    }

    /// The first line where `a` and `b` differ, both versions.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let (left, right) = (a.components(separatedBy: "\n"), b.components(separatedBy: "\n"))
        guard
            let index = (0..<max(left.count, right.count)).first(where: { $0 >= left.count || $0 >= right.count || left[$0] != right[$0] })
        else { return "none" }
        return "line \(index + 1): \(index < left.count ? left[index] : "(end)") | expected \(index < right.count ? right[index] : "(end)")"
    }

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rls-corpus-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
