import ElectricRide
import Foundation
import RLSCheck
import RLSDatabase
import RLSSQL
import RLSTestSupport
import Testing

@testable import RLSCommandLine

@Suite("rls check")
struct CheckCommandTests {
    private func appliedExample() throws -> String {
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("begin;\n" + render(ElectricRide.schema) + "\ncommit;")
        return url
    }

    private func check(_ arguments: [String]) -> (code: ExitCode, output: String, error: String) {
        runRLS(["check"] + arguments, schema: ElectricRide.schema, scenarios: ElectricRide.scenarios)
    }

    @Test func passingDatabaseExitsZeroWithTheMatrix() throws {
        let result = check(["--database-url", try appliedExample()])
        #expect(result.code == .success, "\(result.output)\(result.error)")
        #expect(
            result.output.contains(
                "public.saved — select, insert, update, delete: only the signed-in user who owns the row profile_id references\n"))
        #expect(result.output.contains("PASS 577 probes on 11 tables"))
        #expect(result.output.contains("ok   bob never sees alice's saved listings"))
        #expect(result.output.hasPrefix("note: the database matches the schema (no drift)\n"), "\(result.output)")
        #expect(result.error.contains("***"))
    }

    @Test func mismatchExitsOneAndNamesTablePersonaOperation() throws {
        let url = try appliedExample()
        let db = try Connection(url: url)
        try db.execute(#"create policy "peek" on public.saved for select to authenticated using (true)"#)
        db.close()
        let result = check(["--database-url", url])
        #expect(result.code == .failure)
        #expect(result.output.contains("✗ public.saved · bob · select\n"))
        #expect(result.output.contains(#"policy "peek""#))
        #expect(result.output.contains("note: the database DIFFERS from the schema in 1 place ("), "\(result.output)")
        #expect(result.output.contains("FAIL "))
    }

    @Test func tapAndJUnitForCI() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rls-check-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = check(["--database-url", try appliedExample(), "--format", "tap", "--junit", file])
        #expect(result.code == .success)
        let lines = result.output.split(separator: "\n")
        #expect(lines[0] == "TAP version 13")
        // 577 table probes, the channel probes, the storage probes, 5 scenarios. Each channel is probed by anon, alice, bob and
        // the service role, plus (members plans decide the dealership's) each staff role's member and carol,
        // receiving and sending on alice's and bob's topics.
        let schema = ElectricRide.schema
        let channelProbes =
            schema.tables.flatMap(\.channels).count * (Persona.checked.count + GroupRoles(schema).extraPersonas.count) * 2 * 2
        #expect(channelProbes == 28)
        // Storage: avatars by anon, alice, bob and the service role; listing-photos (a members plan in its
        // row folders) by the staff roles and carol too; four actions in two folders each.
        let fileProbes = (4 + 7) * 4 * 2
        let total = 577 + channelProbes + fileProbes + 5
        #expect(lines[1] == "1..\(total)")
        #expect(lines.filter { $0.hasPrefix("ok ") }.count == total)
        let xml = try String(contentsOfFile: file, encoding: .utf8)
        #expect(xml.contains(#"<testsuites name="rls check" tests="\#(total)" failures="0""#))
        #expect(xml.contains(#"<testsuite name="channels" tests="\#(channelProbes)" failures="0""#), "\(xml)")
        #expect(xml.contains(#"<testsuite name="files" tests="\#(fileProbes)" failures="0""#), "\(xml)")
        #expect(xml.contains(#"<testsuite name="scenarios" tests="5" failures="0""#))
    }

    @Test func jsonIsParseable() throws {
        let result = check(["--database-url", try appliedExample(), "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == true)
        #expect((object["probes"] as? [Any])?.count == 577)
    }

    @Test func unknownFormatIsAUsageError() {
        let result = check(["--format", "xml"])
        #expect(result.code == .usage)
        #expect(result.error.contains("unknown format 'xml'"))
    }

    @Test func withoutURLBuildsFromMigrations() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rls-migrations-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let empty = check(["--migrations", directory])
        #expect(empty.code == .success, "\(empty.output)\(empty.error)")
        #expect(empty.output.contains("has no migration files yet: checked the schema's rendered SQL"))
        #expect(empty.error.contains("embedded, throwaway"))

        // A migration that forgot RLS on saved: the check proves the migrations, not the DSL.
        let sql = render(ElectricRide.schema) + "\nalter table public.saved disable row level security;\n"
        try sql.write(toFile: directory + "/20260101000000_init.sql", atomically: true, encoding: .utf8)
        let replayed = check(["--migrations", directory])
        #expect(replayed.output.contains("(1 file) and checked it"))
        #expect(replayed.code == .failure)
        #expect(replayed.output.contains("row level security is disabled on public.saved"))
    }
}
