import ElectricRide
import RLSCheck
import RLSDatabase
import RLSEmbedded
import RLSModel
import RLSPostgres
import RLSSQL
import RLSTestSupport
import Testing

/// A probe block grants and impersonates once per group of probes that share a persona and a grant;
/// what goes wrong for the group is reported for each of its probes, and only for them.
@Suite struct ProbeGroupTests {
    static let notes = Schema {
        Table("note") {
            Column("id", .bigint).identity().primaryKey()
            Column("author_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
            Column("body", .text)
        }
        .access(.owner(column: "author_id"))
    }

    /// When the database refuses every GRANT, each policies-only probe is not run, with the
    /// server's words, and every other probe still runs and passes. Nothing was proven for them, so
    /// the check fails and says what to do; with `--deployed-only` they are left out and it passes.
    @Test func aRefusedGrantLeavesOnlyThePoliciesOnlyProbesNotRun() throws {
        let (url, db) = try ExampleDatabase.make()
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute(
            """
            create function public.no_grants() returns event_trigger language plpgsql as $$
            begin raise exception 'grants are frozen here'; end $$;
            create event trigger no_grants on ddl_command_start when tag in ('GRANT') execute function public.no_grants();
            """)
        let report = try ExampleDatabase.check(db)
        let policiesOnly = report.results.filter { $0.probe.layer == .policiesOnly }
        #expect(policiesOnly.count > 20)
        for result in policiesOnly {
            guard case .notRun(let reason) = result.observed else {
                Issue.record("\(result.probe.name): \(result.observed)")
                continue
            }
            #expect(reason.contains("grants are frozen here"), "\(reason)")
        }
        let others = report.results.filter { $0.probe.layer != .policiesOnly }
        #expect(others.count > 400)
        #expect(others.allSatisfy { $0.verdict == .pass }, "\(MatrixReport(report).text)")
        #expect(policiesOnly.allSatisfy { $0.verdict == .notRun })
        #expect(!report.passed)
        #expect(report.summary.contains(", \(policiesOnly.count) not run, 0 unverified"), "\(report.summary)")
        let note = report.notes.filter { $0.contains("grants are frozen here") }
        #expect(note.count == 1, "\(report.notes)")
        #expect(note.first?.contains("\(policiesOnly.count) probes did not run, so the check fails") == true, "\(note)")
        #expect(note.first?.contains("--deployed-only") == true, "\(note)")

        let deployedOnly = try AccessCheck.run(
            ElectricRide.schema, scenarios: ElectricRide.scenarios, on: db, options: CheckOptions(probesPoliciesOnly: false))
        #expect(deployedOnly.passed, "\(MatrixReport(deployedOnly).text)")
        #expect(deployedOnly.notRun.isEmpty)
    }

    /// A persona the connecting role may not become is not run, and says so: never "denied by
    /// grant", which for anon would pass where nothing was proven. The check fails, in every
    /// format, with one note that says how to let the probes run. Its bucket's and channel's probes
    /// as anon are not run either. (Role memberships are cluster-wide, so this test takes a cluster
    /// of its own.)
    @Test func aPersonaThatCannotBeImpersonatedIsNotRunRatherThanDenied() throws {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        let db = try Connection(url: try cluster.createDatabase("probe_groups"))
        defer { db.close() }
        let schema = Schema {
            Table("note") {
                Column("id", .bigint).identity().primaryKey()
                Column("author_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
                Column("body", .text)
            }
            .access(.owner(column: "author_id"))
            .channel("note", receive: .owner(column: "author_id"), send: .owner(column: "author_id"))
            Bucket("drafts").access(.ownerFolder)
        }
        try db.execute("begin;\n" + renderValidated(schema) + "\ncommit;")
        let admin = try Connection(url: cluster.url(database: "probe_groups", user: "supabase_admin"))
        defer { admin.close() }
        try admin.execute("revoke anon from postgres")
        // A scenario step as anon expects a refusal: it must fail, not pass on the impersonation's 42501.
        let scenario = Scenario("anon may not read notes") {
            As(.anon) { Expect(SQL(raw: "select * from public.note"), .permissionDenied) }
        }
        let report = try AccessCheck.run(schema, scenarios: [scenario], on: db)
        let anon = report.results.filter { $0.probe.persona == .anon }
        #expect(anon.count >= 8)
        for result in anon {
            guard case .notRun(let reason) = result.observed else {
                Issue.record("\(result.probe.name): \(result.observed)")
                continue
            }
            #expect(reason.contains("could not be impersonated") && reason.contains("42501"), "\(reason)")
        }
        let others = report.results.filter { $0.probe.persona != .anon }
        #expect(!others.isEmpty)
        let text = MatrixReport(report).text
        #expect(others.allSatisfy { $0.verdict == .pass }, "\(text)")

        #expect(!report.passed)
        #expect(anon.allSatisfy { $0.verdict == .notRun })
        let files = report.files.filter { $0.probe.persona == .anon }
        let channels = report.channels.filter { $0.probe.persona == .anon }
        #expect(!files.isEmpty && files.allSatisfy { $0.verdict == .notRun }, "\(files.map(\.observed))")
        #expect(!channels.isEmpty && channels.allSatisfy { $0.verdict == .notRun }, "\(channels.map(\.observed))")
        #expect(report.files.filter { $0.probe.persona != .anon }.allSatisfy { $0.verdict == .pass })
        let notes = report.notes.filter { $0.contains("could not be impersonated") }
        #expect(notes.count == 1, "\(report.notes)")
        let count = anon.count + files.count + channels.count
        #expect(
            notes.first?.hasPrefix(
                #"anon could not be impersonated: 42501 permission denied to set role "anon"; \#(count) probes did not run, so the check fails."#
            ) == true, "\(notes)")
        #expect(notes.first?.hasSuffix("grant anon to it.") == true, "\(notes)")
        #expect(text.contains("note: anon could not be impersonated"), "\(text)")
        #expect(text.contains("public.note · anon · select"), "\(text)")
        #expect(text.contains("  ! public.note · anon · select"), "\(text)")
        #expect(
            text.hasSuffix(
                ", 0 mismatches, \(anon.count) not run, 0 unverified; \(report.channels.count) channel probes: \(report.channels.count - channels.count) passed, 0 mismatches, \(channels.count) not run; \(report.files.count) storage probes: \(report.files.count - files.count) passed, 0 mismatches, \(files.count) not run; 0 of 1 scenarios passed"
            ), "\(text)")
        #expect(text.contains("\nFAIL "), "\(text)")
        #expect(report.failedScenarios.count == 1)
        #expect(text.contains("expected permission denied, got not run: anon could not be impersonated: 42501"), "\(text)")
        let tap = TAPReport(report).text
        #expect(tap.contains("not ok ") && tap.contains(#"actual: "not run: anon could not be impersonated"#), "\(tap)")
        let junit = JUnitReport(report).text
        #expect(junit.contains(#"errors="\#(count)""#), "\(junit)")
        #expect(
            junit.contains(#"<error message="expected denied (no grant), got not run: anon could not be impersonated"#)
                || junit.contains(#"<error message="expected "#), "\(junit)")
        #expect(JSONReport(report).text.contains(#""verdict": "not_run""#) || JSONReport(report).text.contains(#""verdict" : "not_run""#))

        // The access diff reads none of anon's facts from this database, and says so.
        let snapshot = AccessSnapshot(report)
        #expect(!snapshot.unobserved.isEmpty && snapshot.unobserved.allSatisfy { $0.caller == "anon" }, "\(snapshot.unobserved)")
        #expect(!snapshot.facts.keys.contains { $0.caller == "anon" })
        #expect(snapshot.notes.contains { $0.hasPrefix("anon's access was not compared") }, "\(snapshot.notes)")

        // Where probes cannot run in blocks (no temporary objects), each probe impersonates in a round
        // trip of its own: anon's table, file and channel probes are still not run, never refused.
        try admin.execute("revoke temporary on database probe_groups from public, postgres")
        let separate = try AccessCheck.run(schema, on: db)
        #expect(separate.notes.contains { $0.contains("may not create temporary objects") }, "\(separate.notes)")
        #expect(separate.results.map(\.verdict) == report.results.map(\.verdict), "\(MatrixReport(separate).text)")
        #expect(separate.files.map(\.verdict) == report.files.map(\.verdict), "\(MatrixReport(separate).text)")
        #expect(separate.channels.map(\.verdict) == report.channels.map(\.verdict), "\(MatrixReport(separate).text)")
        #expect(
            separate.notes.contains {
                $0.hasPrefix(#"anon could not be impersonated: 42501 permission denied to set role "anon"; \#(count) probes"#)
            }, "\(separate.notes)")

        // Every signed-in persona refused the same role: one note names them all.
        try admin.execute("revoke authenticated from postgres")
        let noUsers = try AccessCheck.run(schema, on: db)
        let users = noUsers.notes.filter { $0.contains(#"permission denied to set role "authenticated""#) }
        #expect(users.count == 1, "\(noUsers.notes)")
        #expect(users.first?.hasPrefix("alice, bob could not be impersonated: 42501") == true, "\(users)")
        #expect(users.first?.hasSuffix("grant authenticated to it.") == true, "\(users)")
    }

    /// The privileges behind a 42501 are asked while the block is still the persona: by the
    /// table's OID, a role without USAGE on the table's schema can still be asked about.
    @Test func privilegesAreReadForATableInASchemaThePersonaCannotUse() throws {
        let schema = Schema {
            SchemaUsage("private", by: .authenticated, .serviceRole)
            Table("secret", schema: "private") {
                Column("id", .bigint).identity().primaryKey()
                Column("owner_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
            }
            .access(.owner(column: "owner_id"))
        }
        let (_, db) = try ExampleDatabase.make(schema)
        #expect(try db.query("select has_schema_privilege('anon', 'private', 'USAGE') as usable").first?["usable"] == "f")
        let report = try ExampleDatabase.check(db, schema)
        let anon = report.results.filter { $0.probe.persona == .anon && $0.probe.layer == .asDeployed }
        #expect(!anon.isEmpty)
        #expect(anon.allSatisfy { $0.observed == .refused(.schemaUsage("private")) }, "\(anon.map { "\($0.probe.name): \($0.observed)" })")
        #expect(report.passed, "\(MatrixReport(report).text)")
    }
}
