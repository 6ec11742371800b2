import Foundation
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// Issue 31, a scratch database of the user's choosing: a schema needing an extension the local
/// PostgreSQL lacks fails with one message naming it and both ways out; with `--scratch-url` (or
/// `RLS_SCRATCH_URL`) pointing at a server that has it, `plan`, `diff`, `check`, `docs` and `lint` build their
/// throwaway databases there, each in a database of its own that is dropped after. The server is a
/// real second cluster (``ClusterWithExtraExtension``: only its copy of the server programs has the
/// extension); its password never shows.
@Suite("Scratch server of the user's choosing", .serialized)
struct ScratchServerTests {
    /// A table name of its own per run, so no desired catalog cached by an earlier run answers for the build.
    static let schema = Schema {
        Extension(ClusterWithExtraExtension.extensionName)
        Table("probe_\(UInt32.random(in: 0...UInt32.max))") {
            Column("id", .bigint).identity().primaryKey()
            Column("label", .text).default(.raw(SQL(raw: "extensions.rls_probe()")))
        }
        .access(read: .public, write: .serviceRoleOnly)
    }

    /// The scratch server's URL as its superuser (as `supabase_admin` on `supabase start`).
    static func scratchURL() throws -> (url: String, password: String) {
        let cluster = try ClusterWithExtraExtension.cluster
        return (cluster.url(database: "postgres", user: "supabase_admin"), cluster.password)
    }

    /// A database on the scratch server holding the schema, as production would.
    static func target() throws -> String {
        let cluster = try ClusterWithExtraExtension.cluster
        let url = try cluster.createDatabase("target_\(UInt32.random(in: 0...UInt32.max))")
        let connection = try Connection(url: url)
        defer { connection.close() }
        try connection.execute(try renderValidated(schema))
        return url
    }

    /// The scratch databases left on the server (none once a command is done).
    static func leftOver() throws -> [String] {
        let admin = try Connection(url: try scratchURL().url)
        defer { admin.close() }
        return try admin.query(
            "select datname from pg_database where datname ~ '^rls_(scratch|target|docs)_' order by 1"
        ).rows.map { try $0.string("datname") }
    }

    @Test func withoutItTheMissingExtensionNamesBothWaysOut() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("rls-scratch-\(UUID())").path
        let result = runRLS(["plan", "--migrations", empty], schema: Self.schema, environment: ["DATABASE_URL": try Self.target()])
        #expect(result.code == .failure)
        #expect(result.error.contains("extension rls_scratch_probe is not installed in the local PostgreSQL"), "\(result.error)")
        #expect(result.error.contains("postgresql-15-rls-scratch-probe"), "\(result.error)")
        #expect(result.error.contains("--scratch-url URL or RLS_SCRATCH_URL"), "\(result.error)")
    }

    @Test func planAndDiffBuildThereAndLeaveNothingBehind() throws {
        let (url, password) = try Self.scratchURL()
        let target = try Self.target()
        let migrations = FileManager.default.temporaryDirectory.appendingPathComponent("rls-scratch-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let plan = runRLS(
            ["plan", "--exit-code", "--migrations", migrations, "--scratch-url", url], schema: Self.schema,
            environment: ["DATABASE_URL": target])
        #expect(plan.code == .success, "\(plan.output)\n\(plan.error)")
        // The environment variable does the same.
        let fromEnvironment = runRLS(
            ["plan", "--exit-code", "--migrations", migrations], schema: Self.schema,
            environment: ["DATABASE_URL": target, "RLS_SCRATCH_URL": url])
        #expect(fromEnvironment.code == .success, "\(fromEnvironment.error)")
        // diff writes the migration that creates the extension, replayed there.
        let diff = runRLS(["diff", "probe", "--migrations", migrations, "--scratch-url", url], schema: Self.schema)
        #expect(diff.code == .success, "\(diff.error)")
        let written = try FileManager.default.contentsOfDirectory(atPath: migrations)
        let sql = try written.map { try String(contentsOfFile: "\(migrations)/\($0)", encoding: .utf8) }.joined()
        #expect(sql.contains(#"create extension if not exists "rls_scratch_probe" with schema "extensions";"#), "\(sql)")
        // check builds its throwaway target there too (no DATABASE_URL), from the migration just written.
        let check = runRLS(["check", "--migrations", migrations, "--scratch-url", url], schema: Self.schema)
        #expect(check.code == .success, "\(check.output)\n\(check.error)")
        // docs proves the pages on a database built there.
        let pages = FileManager.default.temporaryDirectory.appendingPathComponent("rls-scratch-docs-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: pages) }
        let docs = runRLS(["docs", "--docs", pages, "--migrations", migrations, "--scratch-url", url], schema: Self.schema)
        #expect(docs.code == .success, "\(docs.output)\n\(docs.error)")
        // lint of the schema alone builds it there too.
        let lint = runRLS(["lint", "--schema-only", "--scratch-url", url], schema: Self.schema)
        #expect(lint.code == .success, "\(lint.output)\n\(lint.error)")
        for result in [plan, fromEnvironment, diff, check, docs, lint] {
            #expect(!result.output.contains(password) && !result.error.contains(password), "the scratch password was shown")
        }
        let left = try Self.leftOver()
        #expect(left.isEmpty, "scratch databases left behind: \(left)")
    }

    @Test func aRoleThatMayNotCreateDatabasesIsToldSo() throws {
        let (url, _) = try Self.scratchURL()
        let admin = try Connection(url: url)
        defer { admin.close() }
        let password = "Zq7scratchPW"
        try admin.execute(
            """
            do $$ begin
              if not exists (select 1 from pg_roles where rolname = 'scratch_reader') then
                create role scratch_reader login password '\(password)';
              end if;
            end $$;
            """)
        let cluster = try ClusterWithExtraExtension.cluster
        let readerURL = "postgres://scratch_reader:\(password)@127.0.0.1:\(cluster.port)/postgres"
        let result = runRLS(["plan", "--scratch-url", readerURL], schema: Self.schema, environment: ["DATABASE_URL": try Self.target()])
        #expect(result.code == .failure)
        #expect(result.error.contains(#"role "scratch_reader" may not create databases (CREATEDB)"#), "\(result.error)")
        #expect(result.error.contains("alter role"), "\(result.error)")
        #expect(!result.error.contains(password) && !result.output.contains(password), "\(result.error)")
    }
}
