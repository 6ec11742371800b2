import RLSDatabase
import RLSModel
import RLSTestSupport
import Testing

@testable import RLSCheck

/// Which statements on which checked tables reach a trigger that makes a call, through foreign keys'
/// actions: the walk goes up from the trigger's table (``SideEffectTrigger/query``), and must find
/// what a statement's cascade would fire, and nothing else.
@Suite struct SideEffectCascadeTests {
    /// `parent` ← `nulled` (on delete set null), `renamed` (on update cascade), `owned` (on delete
    /// cascade) ← `grand` (on delete cascade); `plain` references parent with no action. Each child
    /// has one trigger calling the `http` stand-in on the statement its parent's action makes;
    /// `plain`'s fires on delete, which no action of parent's makes.
    static let tables = """
        create function extensions.http_get(url text) returns text language sql as $$ select 'ok' $$;
        create function public.call_out() returns trigger language plpgsql as $$
        begin perform extensions.http_get('https://example.com/'); return null; end $$;
        create table public.parent (id bigint primary key);
        create table public.nulled (id bigint primary key, parent_id bigint references public.parent on delete set null);
        create table public.renamed (id bigint primary key, parent_id bigint references public.parent on update cascade);
        create table public.owned (id bigint primary key, parent_id bigint references public.parent on delete cascade);
        create table public.grand (id bigint primary key, owned_id bigint references public.owned on delete cascade);
        create table public.plain (id bigint primary key, parent_id bigint references public.parent);
        create trigger nulled_call after update on public.nulled for each row execute function public.call_out();
        create trigger renamed_call after update on public.renamed for each row execute function public.call_out();
        create trigger grand_call after delete on public.grand for each row execute function public.call_out();
        create trigger plain_call after delete on public.plain for each row execute function public.call_out();
        """

    @Test func actionsReachTheTriggersTheirStatementsFire() throws {
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute("begin;\n" + Self.tables + "\ncommit;")
        let checked = ["parent", "owned", "plain"].map { TableName(schema: "public", name: $0) }
        let found = try SideEffectTrigger.find(on: checked, connection: db)
        let reached = found.map { "\($0.table.name) \($0.operations.map(\.rawValue).sorted().joined(separator: "+")) → \($0.name)" }
        #expect(
            reached.sorted()
                == [
                    "owned delete → grand_call",
                    // Deleting a parent sets nulled's column (an update) and deletes owned's rows, hence grand's.
                    "parent delete → grand_call",
                    "parent delete → nulled_call",
                    "parent update → renamed_call",
                    "plain delete → plain_call",
                ].sorted(), "\(reached)")
        #expect(found.allSatisfy { $0.call == "extensions.http_get" && $0.caller == "public.call_out" }, "\(found)")
        #expect(found.first { $0.table.name == "parent" && $0.name == "grand_call" }?.triggerTable.name == "grand")
    }
}
