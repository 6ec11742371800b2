import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// `rls check` fires the app's triggers inside transactions it rolls back: that undoes rows and
/// pg_net's queue, not a synchronous HTTP call or dblink. Probes that would fire such a trigger do
/// not run unless the check is told to allow side effects.
@Suite struct SideEffectTriggerTests {
    static let schema = Schema {
        Table("orders") {
            Column("id", .uuid).default(.randomUUID).primaryKey()
            Column("owner_id", .uuid).references(.authUsers)
            Column("note", .text).nullable()
        }
        .access(.owner(column: "owner_id"))
        Table("notes") {
            Column("id", .uuid).default(.randomUUID).primaryKey()
            Column("owner_id", .uuid).references(.authUsers)
        }
        .access(.owner(column: "owner_id"))
    }

    /// Stand-ins for the `http` extension (not installable here) and for pg_net, with triggers:
    /// orders' delete calls http_post itself, its update through a helper; notes' delete queues
    /// through net.http_post, which a rollback undoes.
    static let triggers = """
        create function extensions.http_post(url text, body text) returns text language sql as $$ select 'ok' $$;
        create schema if not exists net;
        grant usage on schema net to public;
        create function net.http_post(url text, body jsonb) returns bigint language sql as $$ select 1::bigint $$;
        create function public.notify_webhook() returns trigger language plpgsql security definer as $$
        begin
          perform Extensions.HTTP_POST('https://example.com/hook', old.id::text);
          return old;
        end $$;
        create trigger notify_webhook after delete on public.orders for each row execute function public.notify_webhook();
        create function public.send_change(id uuid) returns void language plpgsql security definer as $$
        begin perform http_post('https://example.com/change', id::text); end $$;
        create function public.orders_changed() returns trigger language plpgsql security definer as $$
        begin
          perform public.send_change(new.id);
          return new;
        end $$;
        create trigger orders_changed after update on public.orders for each row execute function public.orders_changed();
        create function public.queue_note_deleted() returns trigger language plpgsql security definer as $$
        begin
          perform net.http_post('https://example.com/queued', jsonb_build_object('id', old.id));
          return old;
        end $$;
        create trigger queue_note_deleted after delete on public.notes for each row execute function public.queue_note_deleted();
        """

    /// A database with the schema and ``triggers``, and its URL, connected as postgres.
    static func database() throws -> (url: String, connection: Connection) {
        let (url, db) = try TestDatabase.make()
        try db.execute("begin;\n" + render(schema) + "\ncommit;")
        // The stand-ins go where the extensions would: schemas postgres may not create in.
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute("begin;\n" + triggers + "\ncommit;")
        return (url, db)
    }

    @Test func probesThatFireAnHTTPCallDoNotRunAndTheNoteNamesTheTrigger() throws {
        let (_, db) = try Self.database()
        let report = try AccessCheck.run(Self.schema, on: db)
        let notRun = report.notRun
        #expect(!notRun.isEmpty)
        #expect(notRun.allSatisfy { $0.probe.table == "public.orders" && [.delete, .update].contains($0.probe.operation) })
        let orders = report.results(for: "public.orders")
        #expect(orders.filter { [.delete, .update].contains($0.probe.operation) }.allSatisfy { $0.verdict == .notRun })
        #expect(orders.filter { [.select, .insert].contains($0.probe.operation) }.allSatisfy { $0.verdict == .pass })
        // pg_net only queues: the notes' delete probes run.
        #expect(report.results(for: "public.notes").allSatisfy { $0.verdict == .pass }, "\(MatrixReport(report).text)")
        #expect(!report.passed)
        let notes = report.notes.filter { $0.contains("--allow-side-effects") }
        #expect(notes.count == 2, "\(report.notes)")
        #expect(
            notes.contains {
                $0.hasPrefix(
                    "trigger notify_webhook on public.orders calls extensions.http_post (in public.notify_webhook) — a rolled-back "
                        + "transaction cannot undo it")
            }, "\(notes)")
        #expect(
            notes.contains {
                $0.hasPrefix(
                    "trigger orders_changed on public.orders calls http_post (in public.send_change, which public.orders_changed calls)")
            }, "\(notes)")
    }

    @Test func allowingSideEffectsRunsThem() throws {
        let (_, db) = try Self.database()
        let report = try AccessCheck.run(Self.schema, on: db, options: CheckOptions(allowsSideEffects: true))
        #expect(report.passed, "\(MatrixReport(report).text)")
        #expect(report.notRun.isEmpty)
    }

    @Test func anInsertTriggerStopsTheCheckBeforeAnyFixture() throws {
        let (_, db) = try Self.database()
        try db.execute(
            "create trigger orders_created after insert on public.orders for each row execute function public.orders_changed()")
        #expect {
            try AccessCheck.run(Self.schema, on: db)
        } throws: { error in
            "\(error)".hasPrefix(
                "trigger orders_created on public.orders calls http_post on insert (in public.send_change, which public.orders_changed calls)"
            )
                && "\(error)".contains("--allow-side-effects")
        }
        #expect(!db.isInTransaction)
    }
}

extension SideEffectTriggerTests {
    /// Calls, not words: pg_net however it is quoted, a name that only ends in http_post and a URL
    /// in a string are no effect; dblink_exec is one.
    @Test func detectionReadsCallsNotWords() throws {
        let (url, db) = try Self.database()
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute(
            """
            create function net.http_get(url text) returns bigint language sql as $$ select 1::bigint $$;
            create function public.my_http_post(url text) returns text language sql as $$ select url $$;
            create function public.harmless() returns trigger language plpgsql as $$
            begin
              perform "net".http_get('https://example.com/a');
              perform net . http_get('https://example.com/b');
              perform public.my_http_post('http://example.com/c');
              return new;
            end $$;
            create trigger harmless after insert or update or delete on public.notes for each row execute function public.harmless();
            create function public.remote() returns trigger language plpgsql as $$
            begin perform dblink_exec('replica', 'delete from audit'); return old; end $$;
            create trigger remote before delete on public.notes for each row execute function public.remote();
            create function public.atomic_post(id uuid) returns text language sql
            begin atomic select extensions.http_post('https://example.com/atomic', id::text); end;
            create function public.atomic_hook() returns trigger language plpgsql security definer as $$
            begin perform public.atomic_post(new.id); return new; end $$;
            create trigger atomic_hook after update on public.notes for each row execute function public.atomic_hook();
            """)
        let report = try AccessCheck.run(Self.schema, on: db)
        let notes = report.results(for: "public.notes")
        #expect(
            notes.filter { [.select, .insert].contains($0.probe.operation) }.allSatisfy { $0.verdict == .pass },
            "\(MatrixReport(report).text)")
        #expect(notes.filter { [.update, .delete].contains($0.probe.operation) }.allSatisfy { $0.verdict == .notRun })
        // A SQL-standard body (begin atomic) is not in prosrc: it is read too.
        #expect(
            report.notes.contains {
                // Deparsed, the call is qualified only where the search path would not find it.
                $0.hasPrefix("trigger atomic_hook on public.notes calls ")
                    && $0.contains("http_post (in public.atomic_post, which public.atomic_hook calls)")
            }, "\(report.notes)")
        #expect(
            report.notes.contains { $0.hasPrefix("trigger remote on public.notes calls dblink_exec (in public.remote)") }, "\(report.notes)"
        )
        #expect(!report.notes.contains { $0.contains("trigger harmless") }, "\(report.notes)")
    }
}

extension SideEffectTriggerTests {
    /// A Supabase Database Webhook (`supabase_functions.http_request`, which queues through pg_net)
    /// on every write is no side effect: the check runs every probe.
    @Test func aDatabaseWebhookQueuesThroughPgNetAndRuns() throws {
        let (url, db) = try Self.database()
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute(
            """
            create schema supabase_functions;
            create function supabase_functions.http_request() returns trigger language plpgsql security definer as $$
            declare request_id bigint;
            begin
              select http_post into request_id from net.http_post(
                tg_argv[0]::text,
                jsonb_build_object('type', tg_op, 'table', tg_table_name)
              );
              return new;
            end $$;
            create trigger notes_webhook after insert or update or delete on public.notes
              for each row execute function supabase_functions.http_request('https://example.com/hook', 'POST', '{}', '{}', '1000');
            """)
        let report = try AccessCheck.run(Self.schema, on: db)
        #expect(report.results(for: "public.notes").allSatisfy { $0.verdict == .pass }, "\(MatrixReport(report).text)")
        #expect(!report.notes.contains { $0.contains("notes_webhook") }, "\(report.notes)")
    }
}

extension SideEffectTriggerTests {
    /// A webhook on storage.objects' deletes: the storage delete probes are not run, the others are.
    @Test func storageDeleteProbesThatCallAWebhookDoNotRun() throws {
        let (url, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Harbour.schema) + "\ncommit;")
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute(
            """
            create function extensions.http_delete(url text) returns text language sql as $$ select 'ok' $$;
            create function public.file_removed() returns trigger language plpgsql security definer as $$
            begin perform extensions.http_delete('https://cdn.example.com/' || old.name); return old; end $$;
            create trigger file_removed after delete on storage.objects for each row execute function public.file_removed();
            """)
        let report = try AccessCheck.run(Harbour.schema, on: db)
        #expect(!report.files.isEmpty)
        #expect(report.files.filter { $0.probe.action == .delete }.allSatisfy { $0.verdict == .notRun })
        #expect(report.files.filter { $0.probe.action != .delete }.allSatisfy { $0.verdict == .pass }, "\(MatrixReport(report).text)")
        #expect(
            report.notes.contains {
                $0.hasPrefix("trigger file_removed on storage.objects calls extensions.http_delete (in public.file_removed)")
            },
            "\(report.notes)")
    }
}
