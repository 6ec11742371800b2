import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// `rls check` proves bucket plans: each persona uploads, reads, overwrites and deletes a file in its
/// own and the other side's folder, and the outcome must be what the bucket's plans say.
@Suite struct StorageCheckTests {
    static func checked(_ privileges: DefaultPrivileges = .none, after extra: String = "") throws -> CheckReport {
        let (_, db) = try TestDatabase.make(privileges)
        try db.execute("begin;\n" + renderValidated(Harbour.schema) + "\n" + extra + "\ncommit;")
        return try AccessCheck.run(Harbour.schema, on: db)
    }

    static func observed(_ report: CheckReport, _ bucket: String, _ persona: String, _ action: FileProbe.Action) -> [String] {
        report.files.filter { $0.probe.bucket.id == bucket && $0.probe.persona.description == persona && $0.probe.action == action }
            .map { "\($0.probe.folderOwner):\($0.observed.permitted.map { $0 ? "yes" : "no" } ?? $0.observedText)" }
    }

    @Test(arguments: [DefaultPrivileges.none, .legacyGrantAll])
    func harbourBucketsPassTheCheck(_ privileges: DefaultPrivileges) throws {
        let report = try Self.checked(privileges)
        let text = MatrixReport(report).text
        #expect(report.passed, "\(report.mismatches.map(\.probe.name)) \(report.files.filter { $0.verdict != .pass }.map(\.probe.name))")
        // 4 buckets × 4 actions × 2 folders × personas (anon, alice, bob, service_role; the crew's member and carol on boat-photos).
        #expect(report.files.count == 4 * 4 * 2 * 4 + 4 * 2 * 2)
        #expect(report.files.allSatisfy { $0.verdict == .pass })
        #expect(Self.observed(report, "avatars", "alice", .upload) == ["alice:yes", "bob:no"])
        // The grid: anon's cells name the folder owners, a signed-in user's say own (first) and other.
        let upload = text.split(separator: "\n").first { $0.hasPrefix("  upload ") }.map { $0.split(separator: " ").map(String.init) }
        #expect(Array(upload?.prefix(6) ?? []) == ["upload", "alice:no", "bob:no", "own:yes", "other:no", "own:yes"], "\(text)")
        #expect(Self.observed(report, "avatars", "anon", .read) == ["alice:no", "bob:no"])
        #expect(Self.observed(report, "avatars", "service_role", .delete) == ["alice:yes", "bob:yes"])
        // Boat photos: the skipper, or an admin of the boat's crew; a plain member of the crew reads only.
        #expect(Self.observed(report, "boat-photos", "alice", .overwrite) == ["alice:yes", "bob:no"])
        #expect(Self.observed(report, "boat-photos", "member", .upload) == ["alice:no", "bob:no"])
        #expect(Self.observed(report, "boat-photos", "member", .read) == ["alice:yes", "bob:yes"])
        #expect(Self.observed(report, "boat-photos", "carol", .delete) == ["alice:no", "bob:no"])
        #expect(Self.observed(report, "flyers", "anon", .read) == ["alice:yes", "bob:yes"])
        #expect(Self.observed(report, "flyers", "bob", .overwrite) == ["alice:no", "bob:no"])
        #expect(Self.observed(report, "invoices", "alice", .read) == ["alice:no", "bob:no"])
        #expect(text.contains("avatars (public; folders <user id>/)"), "\(text)")
        #expect(text.contains("boat-photos (folders <boat id>/)"), "\(text)")
        #expect(report.summary.contains("\(report.files.count) storage probes: \(report.files.count) passed, 0 mismatches"))
    }

    /// A policy that forgot the folder test lets alice upload into bob's folder: the check fails there,
    /// in every report format.
    @Test func aBucketPolicyWithoutTheFolderTestFailsTheCheck() throws {
        let report = try Self.checked(
            after: """
                drop policy "bucket_avatars_insert" on storage.objects;
                create policy "bucket_avatars_insert" on storage.objects for insert to authenticated with check (bucket_id = 'avatars');
                """)
        #expect(!report.passed)
        let wrong = report.files.filter { $0.verdict == .mismatch }.map(\.probe.name).sorted()
        #expect(wrong == ["bucket avatars · alice · upload · other's folder", "bucket avatars · bob · upload · other's folder"])
        #expect(MatrixReport(report).text.contains("✗ bucket avatars · alice · upload · other's folder: expected no, got yes"))
        #expect(TAPReport(report).text.contains("not ok"))
        #expect(
            JUnitReport(report).text.contains(
                #"<testsuite name="files" tests="\#(report.files.count)" failures="2" errors="0" skipped="0">"#))
        #expect(JSONReport(report).text.contains(#""bucket" : "avatars""#) || JSONReport(report).text.contains(#""bucket": "avatars""#))
    }

    /// Label "refused by the storage delete guard": a storage schema whose guard refuses deletes even
    /// with the Storage API's setting (`storage.protect_delete()` raising 42501, the privileges held)
    /// shows every delete that the policies allow as refused by the guard, in its own words, never as
    /// a missing grant or a WITH CHECK.
    @Test func aGuardThatRefusesEveryDeleteIsLabelledAsTheGuard() throws {
        let (url, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Harbour.schema) + "\ncommit;")
        try TestDatabase.admin(url).execute(
            """
            create or replace function storage.protect_delete() returns trigger language plpgsql as $$
            begin
              raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
                using errcode = '42501';
            end $$;
            """)
        let report = try AccessCheck.run(Harbour.schema, on: db)
        let deletes = report.files.filter { $0.probe.action == .delete && $0.probe.expectedAllowed }
        #expect(!deletes.isEmpty)
        #expect(deletes.allSatisfy { $0.observed == .refused(.storageDeleteGuard) }, "\(deletes.map(\.observed))")
        let line = MatrixReport(report).text.split(separator: "\n").first { $0.contains("✗ bucket avatars · alice · delete · own folder") }
        #expect(
            line?.contains(
                "expected yes, got no, refused by the storage delete guard (storage.protect_delete) (server: 42501 Direct deletion")
                == true,
            "\(line ?? "")")
    }

    /// An upload the server refuses (no insert policy for the bucket any more) is a mismatch that says
    /// why, with the server's SQLSTATE and message, as a table probe's mismatch does, in every format.
    @Test func aRefusedUploadShowsTheServersReason() throws {
        let report = try Self.checked(after: #"drop policy "bucket_avatars_insert" on storage.objects;"#)
        let refused = report.files.filter { $0.verdict == .mismatch && $0.probe.name == "bucket avatars · alice · upload · own folder" }
        #expect(refused.count == 1, "\(report.files.filter { $0.verdict != .pass }.map(\.probe.name))")
        let line = MatrixReport(report).text.split(separator: "\n").first { $0.contains("✗ bucket avatars · alice · upload · own folder") }
        #expect(
            line?.contains("expected yes, got no, rejected (WITH CHECK) (server: 42501 new row violates row-level security policy") == true,
            "\(line ?? "")")
        #expect(TAPReport(report).text.contains("server: 42501"))
        #expect(JUnitReport(report).text.contains("server: 42501"))
        // Table probes' notes carry 42501s too, but none for storage.objects.
        #expect(JSONReport(report).text.contains(#"server: 42501 new row violates row-level security policy for table \"objects\""#))
    }

    /// A file probe that runs past the statement timeout fails its block; the block's probes then
    /// run one at a time: the slow ones report the timeout and fail the check, as a table probe's
    /// timeout does (the storage API would answer an error); the others still pass.
    @Test func aTimedOutFileProbeLeavesTheOthersRight() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute(
            "begin;\n" + renderValidated(Harbour.schema) + "\n"
                + """
                create function public.slow() returns boolean language sql as $$ select pg_sleep(5) is not null $$;
                grant execute on function public.slow() to authenticated;
                create policy "slow reads" on storage.objects as restrictive for select to authenticated
                  using (bucket_id <> 'avatars' or public.slow());
                commit;
                """)
        let report = try AccessCheck.run(Harbour.schema, on: db, options: CheckOptions(statementTimeout: .milliseconds(200)))
        let avatars = report.files.filter { $0.probe.bucket.id == "avatars" && $0.probe.persona.role == "authenticated" }
        let timedOut = avatars.filter { $0.observed.description.hasPrefix("error 57014") == true }
        #expect(!timedOut.isEmpty, "\(avatars.map { "\($0.probe.name): \($0.observed) \($0.observed)" })")
        #expect(timedOut.allSatisfy { $0.verdict == .mismatch })
        #expect(!report.passed)
        let text = MatrixReport(report).text
        #expect(text.contains("✗ \(timedOut[0].probe.name): expected "), "\(text)")
        #expect(text.contains("got error 57014"), "\(text)")
        let others = report.files.filter { $0.probe.bucket.id != "avatars" }
        #expect(others.count > 50)
        #expect(others.allSatisfy { $0.verdict == .pass }, "\(others.filter { $0.verdict != .pass }.map(\.probe.name))")
    }

    /// Without its bucket row an upload breaks the foreign key: the check fails with the server's
    /// error (every upload to the bucket would), not a pass, a silent refusal or a skip.
    @Test func aMissingBucketRowFailsTheCheckWithTheError() throws {
        // As the dashboard deletes a bucket: through the Storage API, which passes the delete guard.
        let report = try Self.checked(
            after:
                "begin; select set_config('storage.allow_delete_query', 'true', true); delete from storage.buckets where id = 'invoices'; commit;"
        )
        let invoices = report.files.filter {
            $0.probe.bucket.id == "invoices" && $0.probe.action == .upload && $0.probe.persona == .serviceRole
        }
        #expect(
            !invoices.isEmpty
                && invoices.allSatisfy { $0.verdict == .mismatch && $0.observed.description.hasPrefix("error 23503") == true },
            "\(invoices)")
        #expect(!report.passed)
        #expect(TAPReport(report).text.contains("not ok"))
        #expect(JUnitReport(report).text.contains(#"<failure message="expected yes, got error 23503"#))
    }
}
