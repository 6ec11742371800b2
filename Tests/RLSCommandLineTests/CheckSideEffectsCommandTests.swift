import ElectricRide
import RLSDatabase
import RLSSQL
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// `rls check` on a live database whose delete trigger calls a webhook through the `http`
/// extension (a stand-in here): the delete probes do not run unless `--allow-side-effects`.
@Suite("rls check --allow-side-effects")
struct CheckSideEffectsCommandTests {
    private func exampleWithWebhook() throws -> String {
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("begin;\n" + render(ElectricRide.schema) + "\ncommit;")
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute(
            """
            create function extensions.http_delete(url text) returns text language sql as $$ select 'ok' $$;
            create function public.unsave_webhook() returns trigger language plpgsql security definer as $$
            begin perform extensions.http_delete('https://example.com/saved/' || old.listing_id); return old; end $$;
            create trigger unsave_webhook after delete on public.saved for each row execute function public.unsave_webhook();
            """)
        return url
    }

    private func check(_ arguments: [String]) -> (code: ExitCode, output: String, error: String) {
        runRLS(["check"] + arguments, schema: ElectricRide.schema, scenarios: ElectricRide.scenarios)
    }

    @Test func deleteProbesThatWouldCallAWebhookDoNotRun() throws {
        let result = check(["--database-url", try exampleWithWebhook()])
        #expect(result.code == .failure, "\(result.output)\(result.error)")
        #expect(
            result.output.contains(
                "note: trigger unsave_webhook on public.saved calls extensions.http_delete (in public.unsave_webhook) — a rolled-back "
                    + "transaction cannot undo it, so rls check does not fire it; pass --allow-side-effects to run these probes anyway;"),
            "\(result.output)")
        // Deleting a listing deletes its saved rows (on delete cascade), which fires the trigger too.
        #expect(
            result.output.contains(
                "note: trigger unsave_webhook on public.saved, which delete on public.listing reaches through a foreign key's "
                    + "on-delete action, calls extensions.http_delete (in public.unsave_webhook) — "),
            "\(result.output)")
        #expect(result.output.contains("! public.listing · alice · delete"))
        // The example's scenario deletes alice's saved rows: it does not run either.
        #expect(result.output.contains("expected succeeds, got not run: trigger unsave_webhook on public.saved calls"), "\(result.output)")
    }

    @Test func allowSideEffectsRunsThem() throws {
        let result = check(["--database-url", try exampleWithWebhook(), "--allow-side-effects"])
        #expect(result.code == .success, "\(result.output)\(result.error)")
        #expect(!result.output.contains("does not fire it"))
    }
}
