import ElectricRide
import Foundation
import RLSDatabase
import RLSSQL
import RLSTestSupport
import Testing

import struct RLSModel.Column
import struct RLSModel.Schema
import struct RLSModel.Table

@testable import RLSCommandLine

/// Tried as an attacker would: every way a password was seen printed, grepped for in everything `rls`
/// writes (stdout, stderr, JSON, TAP, JUnit, docs pages).
@Suite("A password never reaches output")
struct PasswordLeakTests {
    static let password = "Zq7leakPW"

    private func expectHidden(
        _ result: (code: ExitCode, output: String, error: String), _ pieces: [String] = [password],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for piece in pieces {
            #expect(!result.output.contains(piece), "stdout shows \(piece): \(result.output)", sourceLocation: sourceLocation)
            #expect(!result.error.contains(piece), "stderr shows \(piece): \(result.error)", sourceLocation: sourceLocation)
        }
    }

    @Test func anOptionBeforeTheCommandIsNotTakenForTheCommand() {
        let url = "postgres://u:\(Self.password)@127.0.0.1:1/db"
        let result = runRLS(["--database-url", url, "plan"])
        expectHidden(result)
        #expect(!result.error.contains("unknown command"), "\(result.error)")
        #expect(result.error.contains("postgres://u:***@127.0.0.1:1/db"), "\(result.error)")
    }

    @Test(arguments: ["postgres://u:\(password)@h/db", "postgres://u:Zq7 leakPW@h/db", "Zq7leak@PW"])
    func aURLWhereTheCommandBelongsIsNotEchoed(_ argument: String) {
        let result = runRLS([argument])
        #expect(result.code == .usage)
        expectHidden(result, ["Zq7", "leak"])
        let extra = runRLS(["sql", argument])
        #expect(extra.code == .usage)
        #expect(extra.error.contains("unexpected argument (an argument that looks like a connection string; not shown)"), "\(extra.error)")
        expectHidden(extra, ["Zq7", "leak"])
    }

    @Test(arguments: ["POSTGRES", "Postgresql", "postgress", "psql"])
    func anOddSchemeIsRefusedWithoutThePassword(_ scheme: String) {
        let result = runRLS(["plan", "--database-url", "\(scheme)://u:\(Self.password)@127.0.0.1:1/db"])
        #expect(result.code == .failure)
        #expect(result.error.contains("postgres:// or postgresql://"), "\(result.error)")
        expectHidden(result)
    }

    /// A scratch server that cannot be reached (`--scratch-url` and `RLS_SCRATCH_URL`): the error
    /// names it without its password.
    @Test func aScratchServerURLIsNotEchoed() throws {
        let schema = Schema { Table("leak_\(UInt32.random(in: 0...UInt32.max))") { Column("id", .bigint).primaryKey() } }
        let url = "postgres://u:\(Self.password)@127.0.0.1:1/db"
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("rls-leak-\(UUID())").path
        let (target, db) = try TestDatabase.make()
        db.close()
        for (arguments, environment) in [
            (["plan", "--migrations", empty, "--scratch-url", url], ["DATABASE_URL": target]),
            (["plan", "--migrations", empty], ["DATABASE_URL": target, "RLS_SCRATCH_URL": url]),
        ] {
            let result = runRLS(arguments, schema: schema, environment: environment)
            #expect(result.code == .failure)
            #expect(result.error.contains("postgres://u:***@127.0.0.1:1/db"), "\(result.error)")
            expectHidden(result)
        }
    }

    /// Unencoded `/`, `@` then `/`, `?`, and `#` in the password: no part of it is shown.
    @Test(arguments: ["Zq7/leakPW", "Zq7@/leakPW", "Zq7@leak@PW", "Zq7?leakPW", "Zq7#leakPW", "Zq7:leak PW"])
    func anOddPasswordIsHiddenWhole(_ password: String) {
        let result = runRLS(["plan", "--database-url", "postgres://u:\(password)@127.0.0.1:1/db"])
        #expect(result.code != .success)
        expectHidden(result, ["Zq7", "leak"])
    }

    @Test(arguments: ["password", "pass%77ord", "PASSWORD", "sslpassword"])
    func aQueryPasswordIsHiddenAfterDecodingItsKey(_ key: String) {
        let result = runRLS(["plan", "--database-url", "postgres://u@127.0.0.1:1/db?\(key)=\(Self.password)&sslmode=disable"])
        expectHidden(result)
        #expect(result.error.contains("sslmode=disable"), "\(result.error)")
    }

    @Test func aKeywordValuePasswordIsHidden() {
        let result = runRLS(["plan", "--database-url=host=127.0.0.1 port=1 dbname=db password='\(Self.password) x'"])
        expectHidden(result)
    }

    /// libpq quotes a word that is not `key=value` ("missing = after ..."): a bare password given as
    /// the URL would be printed whole.
    @Test(arguments: [password, "host=h \(password)", "host=h password='\(password)"])
    func aStringThatIsNeitherURLNorPairsIsNotEchoed(_ text: String) {
        let result = runRLS(["plan", "--database-url", text])
        #expect(result.code == .failure)
        #expect(result.error.contains("neither a postgres:// URL nor libpq key=value pairs"), "\(result.error)")
        expectHidden(result, ["Zq7"])
    }

    @Test func sqlOnStandardOutputIsNotRewritten() {
        let captured = CapturedConsole()
        let console = captured.console.redactingSecrets()
        console.output("select 1 where password = 'x' and encrypted_password = 'y';")
        #expect(captured.output == "select 1 where password = 'x' and encrypted_password = 'y';\n")
    }

    @Test func theOneLineThatShowsAPasswordOnRequestIsNotScrubbed() {
        let captured = CapturedConsole()
        let console = captured.console.redactingSecrets()
        console.output("postgres://postgres:\(Self.password)@127.0.0.1:1/postgres")
        console.outputUnredacted("postgres://postgres:\(Self.password)@127.0.0.1:1/postgres")
        #expect(
            captured.output == "postgres://postgres:***@127.0.0.1:1/postgres\npostgres://postgres:\(Self.password)@127.0.0.1:1/postgres\n")
    }

    @Test func aWrongPasswordAgainstARealServerIsHidden() throws {
        let cluster = try TestDatabase.cluster
        let url = "postgres://postgres:\(Self.password)@127.0.0.1:\(cluster.port)/postgres"
        let result = runRLS(["plan", "--database-url", url, "--verbose"])
        #expect(result.code == .failure)
        #expect(result.error.contains("rejected the password"), "\(result.error)")
        expectHidden(result)
    }

    /// Supabase's local default password is `postgres`; masking it as a word would mangle every message.
    @Test func aPasswordThatIsAlsoAWordLeavesTheWordAlone() {
        let result = runRLS(["plan"], environment: ["DATABASE_URL": "postgres://postgres:postgres@127.0.0.1:1/postgres"])
        #expect(result.code == .failure)
        #expect(result.error.contains("Database: postgres://postgres:***@127.0.0.1:1/postgres (DATABASE_URL)"), "\(result.error)")
    }

    @Test func theEnvironmentURLIsHiddenToo() throws {
        let result = runRLS(["nonsense"], environment: ["DATABASE_URL": "postgres://u:\(Self.password)@h/db"])
        #expect(result.code == .usage)
        let plan = runRLS(["plan"], environment: ["DATABASE_URL": "Postgres://u:\(Self.password)@h/db"])
        expectHidden(result)
        expectHidden(plan)
    }

    @Test func checkReportsInEveryFormatHoldNoPassword() throws {
        let (url, db) = try TestDatabase.make()
        try db.execute("begin;\n" + render(ElectricRide.schema) + "\ncommit;")
        db.close()
        let secret = try TestDatabase.cluster.password
        let junit = FileManager.default.temporaryDirectory.appendingPathComponent("rls-leak-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: junit) }
        for format in ["text", "tap", "json"] {
            let captured = CapturedConsole()
            let code = RLSCommandLine.execute(
                ["check", "--database-url", url, "--format", format, "--junit", junit, "--verbose"], schema: ElectricRide.schema,
                scenarios: ElectricRide.scenarios, console: captured.console, environment: [:], directory: projectWithoutDevCluster)
            #expect(code == .success, "\(captured.error)")
            #expect(!captured.output.contains(secret))
            #expect(!captured.error.contains(secret))
            #expect(captured.error.contains("postgres:***@"), "\(captured.error)")
            #expect(!(try String(contentsOfFile: junit, encoding: .utf8)).contains(secret))
        }
    }

    @Test func docsPagesHoldNoPassword() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rls-leak-docs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let captured = CapturedConsole()
        let code = RLSCommandLine.execute(
            ["docs", "--docs", folder, "--migrations", DocsCommandTests.repositoryMigrations], schema: ElectricRide.schema,
            scenarios: ElectricRide.scenarios, console: captured.console, environment: [:], directory: projectWithoutDevCluster)
        #expect(code == .success, "\(captured.error)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!pages.isEmpty)
        let clusterPasswords = try [TestDatabase.cluster.password]
        for page in pages {
            let text = try String(contentsOfFile: folder + "/" + page, encoding: .utf8)
            for secret in clusterPasswords { #expect(!text.contains(secret), "\(page) shows a password") }
            #expect(
                text.range(of: #"postgres(ql)?://[^ ]*:[^*][^ ]*@"#, options: .regularExpression) == nil,
                "\(page) shows a URL with a password")
        }
    }
}

@Suite("The message scrubber")
struct ScrubberTests {
    @Test func aShortPasswordDoesNotRewriteWordsThatContainIt() {
        #expect(SecretRedaction.scrub("relation x_y does not exist", secrets: ["x"]) == "relation x_y does not exist")
        #expect(SecretRedaction.scrub("role \"x\" does not exist", secrets: ["x"]) == "role \"***\" does not exist")
        #expect(SecretRedaction.scrub("exist", secrets: ["x"]) == "exist")
    }

    /// The shortcut for ASCII text without any marker must not skip what the full scrub would hide.
    @Test func theShortcutForPlainTextSkipsNothingTheScrubHides() {
        #expect(SecretRedaction.scrub("role \"s3cret\" failed", secrets: ["s3cret"]) == "role \"***\" failed")
        #expect(!SecretRedaction.scrub("PassWord=hunter2 host=h").contains("hunter2"))
        #expect(SecretRedaction.scrub("caf\u{E9} s3cret", secrets: ["s3cret"]) == "caf\u{E9} ***")
        #expect(!SecretRedaction.scrub("see postgres://u:pw9@h/db").contains("pw9"))
        #expect(SecretRedaction.holdsNone(of: ["://", "s3cret"], caseInsensitively: ["password"], in: "no markers here"))
        #expect(!SecretRedaction.holdsNone(of: ["s3cret"], caseInsensitively: ["password"], in: "a PASSWORD"))
        #expect(!SecretRedaction.holdsNone(of: ["s3cret"], caseInsensitively: [], in: "caf\u{E9}"))
        // Wherever the pattern stands, in whatever case, after near misses.
        let found: [(patterns: [String], folded: [String], text: String)] = [
            (["s3cret"], [], "s3cret at the start"), (["s3cret"], [], "at the end s3cret"), (["S3cret"], [], "xS3cretx"),
            ([], ["password"], "pAsSwOrD=1"), ([], ["password"], "passwor then password"), ([], ["password"], "ppassword"),
            (["://"], [], ":/ :// "), (["x"], [], "x"),
        ]
        for (patterns, folded, text) in found {
            #expect(!SecretRedaction.holdsNone(of: patterns, caseInsensitively: folded, in: text), "\(text)")
        }
        let absent: [(patterns: [String], folded: [String], text: String)] = [
            (["s3cret"], [], "s3cre"), (["S3cret"], [], "s3cret"), ([], ["password"], "passwor"), (["longer than it"], [], "short"),
            (["://"], [], ":/ / :"),
        ]
        for (patterns, folded, text) in absent {
            #expect(SecretRedaction.holdsNone(of: patterns, caseInsensitively: folded, in: text), "\(text)")
        }
    }

    @Test func urlsInsideTextAreRedactedByStructure() {
        #expect(
            SecretRedaction.scrub("unknown command 'postgres://u:p@s/s@h/db'.")
                == "unknown command 'postgres://u:***@h/db'.")
        #expect(SecretRedaction.scrub("see https://supabase.com/docs") == "see https://supabase.com/docs")
        #expect(
            SecretRedaction.scrub("x postgres://u@h/db?pass%77ord=zz&sslmode=require y")
                == "x postgres://u@h/db?pass%77ord=***&sslmode=require y")
        #expect(SecretRedaction.scrub("host=h password='a b' user=u") == "host=h password=*** user=u")
        #expect(SecretRedaction.scrub("where encrypted_password = crypt($1)") == "where encrypted_password = crypt($1)")
    }

    @Test func aKeywordValuePasswordHoldingASchemeIsNotTakenForAURL() {
        #expect(SecretRedaction.connectionString("host=h password=a://b@c") == "host=h password=***")
        #expect(SecretRedaction.passwords(in: "host=h password=a://b@c") == ["a://b@c"])
    }
}

@Suite("Empty and misplaced database URLs")
struct EmptyDatabaseURLTests {
    @Test func anEmptyOptionIsAnError() {
        let result = runRLS(["apply", "--database-url", "", "--yes"])
        #expect(result.code == .failure)
        #expect(result.error.contains("--database-url is empty"), "\(result.error)")
        #expect(!result.error.contains("Database:"))
    }

    @Test func anEmptyEnvironmentVariableIsAnError() {
        let result = runRLS(["apply", "--yes"], environment: ["DATABASE_URL": ""])
        #expect(result.code == .failure)
        #expect(result.error.contains("DATABASE_URL is set but empty"), "\(result.error)")
    }

    @Test func aFlagIsNotTakenForTheURL() {
        let result = runRLS(["plan", "--database-url", "--exit-code"])
        #expect(result.code == .usage)
        #expect(result.error.contains("option '--database-url' needs a value"), "\(result.error)")
        let before = runRLS(["--database-url", "--verbose", "plan"])
        #expect(before.code == .usage)
        #expect(before.error.contains("needs a value"), "\(before.error)")
    }

    @Test func applyToTheThrowawayDatabaseSaysNothingRealChanged() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rls-throwaway-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "create table public.note (id int primary key);\n".write(
            toFile: directory + "/20260101000000_note.sql", atomically: true, encoding: .utf8)
        let result = runRLS(["apply", "--yes", "--migrations", directory])
        #expect(result.code == .success, "\(result.error)")
        #expect(result.error.contains("WARNING: no database was given"), "\(result.error)")
        #expect(result.error.contains("Nothing real was changed"))
    }
}

@Suite("Odd option values")
struct OddOptionValueTests {
    @Test func aHugeDurationIsAClearError() {
        let result = runRLS(["apply", "--lock-timeout", "99999999999999999999s"])
        #expect(result.code == .usage)
        #expect(result.error.contains("from 1ms to 24 days"), "\(result.error)")
    }

    @Test func anUnwritableJUnitPathIsAClearError() {
        let result = runRLS(["check", "--junit", "/nonexistent-rls-folder/report.xml"])
        #expect(result.code == .failure)
        #expect(result.error.contains("the folder /nonexistent-rls-folder does not exist"), "\(result.error)")
        let folder = runRLS(["check", "--junit", FileManager.default.temporaryDirectory.path])
        #expect(folder.error.contains("is a folder"), "\(folder.error)")
    }
}
