import RLSDatabase
import RLSModel

/// A trigger on a probed table whose function, or a function it calls, makes a call that the check's
/// rolled-back transaction cannot undo: a synchronous HTTP request (the `http` extension's `http`,
/// `http_get`, `http_post`, `http_put`, `http_patch`, `http_delete`, `http_head`), `dblink`,
/// `dblink_exec`, `dblink_send_query` (autonomous statements elsewhere) or `pg_background_launch`.
/// pg_net's `net.http_*` is not one: it queues the request in a table, and the rollback removes it.
///
/// Function bodies are text (`pg_proc.prosrc`), so calls are found by a word-boundary match of the
/// name followed by `(`, followed through the functions a body names, four calls deep. It errs
/// towards finding: a call in a comment counts, and so does `UPDATE OF` or `WHEN` that would not fire.
/// It cannot see a call whose name dynamic SQL builds at run time, nor a trigger on another table
/// that the probe's write reaches (a trigger's own write, `on delete cascade`).
struct SideEffectTrigger: Sendable, Hashable {
    /// The table the trigger is on.
    var table: TableName
    /// The trigger's name.
    var name: String
    /// The trigger's function, schema-qualified.
    var function: String
    /// The function whose body makes the call: the trigger's own, or one it calls.
    var caller: String
    /// The call as written, lower-cased: `http_post`, `extensions.http_post`, `dblink_exec`.
    var call: String
    /// The statements that fire it.
    var operations: Set<RLSModel.Operation>

    /// Why the probes it would fire do not run, with what to do: `trigger notify_webhook on
    /// public.orders calls extensions.http_post (in public.notify_webhook) — …`.
    var reason: String {
        "trigger \(name) on \(table) calls \(call) (\(site)) — a rolled-back transaction "
            + "cannot undo it, so rls check does not fire it; pass --allow-side-effects to run these probes anyway"
    }

    /// Where the call is: `in public.notify`, or `in public.send, which public.notify calls`.
    var site: String { caller == function ? "in \(function)" : "in \(caller), which \(function) calls" }

    /// Every enabled INSERT, UPDATE or DELETE trigger on `tables` whose function calls an effect, in one query.
    static func find(on tables: [TableName], connection: Connection) throws -> [SideEffectTrigger] {
        let rows = try connection.query(Self.query, [tables.map(\.schema), tables.map(\.name)]).rows
        return try rows.map { row in
            let type = Int(try row.string("type")) ?? 0
            var operations: Set<RLSModel.Operation> = []
            if type & 4 != 0 { operations.insert(.insert) }
            if type & 8 != 0 { operations.insert(.delete) }
            if type & 16 != 0 { operations.insert(.update) }
            return SideEffectTrigger(
                table: TableName(schema: try row.string("schema"), name: try row.string("name")), name: try row.string("trigger"),
                function: try row.string("function"), caller: try row.string("caller"),
                call: try row.string("call").lowercased().filter { !$0.isWhitespace && $0 != "\"" }, operations: operations)
        }
    }

    /// The effects' names, longest first so that `dblink_exec` is not read as `dblink`; an optional
    /// schema before them, so that pg_net's `net.` can be told apart.
    static let effectPattern =
        #"((?:"[^"]+"|[a-z_][a-z0-9_$]*)\s*\.\s*)?\m(dblink_send_query|dblink_exec|dblink|http_get|http_post|http_put|http_patch|http_delete|http_head|http|pg_background_launch)\s*\("#

    /// Triggers (tgtype bits: 4 insert, 8 delete, 16 update; enabled as `O` origin or `A` always) →
    /// the functions their functions name, in SQL or PL/pgSQL, four deep, without cycles → the first
    /// effect each body calls, other than through schema `net`.
    static let query = """
        with recursive triggers as (
            select wanted.schema, wanted.name, t.tgname as trigger, t.tgtype::int as type, t.tgfoid
            from unnest($1::text[], $2::text[]) as wanted(schema, name)
            join pg_namespace n on n.nspname = wanted.schema
            join pg_class c on c.relnamespace = n.oid and c.relname = wanted.name
            join pg_trigger t on t.tgrelid = c.oid
            where not t.tgisinternal and t.tgenabled in ('O', 'A') and t.tgtype & 28 <> 0
        ), callable as (
            select p.oid, p.proname, p.prosrc
            from pg_proc p join pg_language l on l.oid = p.prolang join pg_namespace n on n.oid = p.pronamespace
            where l.lanname in ('sql', 'plpgsql') and n.nspname not in ('pg_catalog', 'information_schema')
        ), reach(root, fn, depth, path) as (
            select distinct tgfoid, tgfoid, 0, array[tgfoid] from triggers
            union all
            select r.root, callee.oid, r.depth + 1, r.path || callee.oid
            from reach r join pg_proc caller on caller.oid = r.fn
            join callable callee on strpos(lower(caller.prosrc), lower(callee.proname)) > 0
                and caller.prosrc ~* ('\\m' || regexp_replace(callee.proname, '\\W', '\\\\\\&', 'g') || '\\s*\\(')
            where r.depth < 4 and callee.oid <> all(r.path)
        ), effects as (
            select distinct on (r.root) r.root, r.fn, effect.call
            from reach r join pg_proc p on p.oid = r.fn
            cross join lateral (
                select coalesce(m[1], '') || m[2] as call
                from regexp_matches(p.prosrc, '\(effectPattern)', 'gi') as m
                where m[1] is null or lower(regexp_replace(m[1], '[\\s".]', '', 'g')) <> 'net'
                limit 1
            ) effect
            order by r.root, r.depth
        )
        select t.schema, t.name, t.trigger, t.type::text as type, e.call,
               fn.nspname || '.' || f.proname as function, cn.nspname || '.' || c.proname as caller
        from triggers t join effects e on e.root = t.tgfoid
        join pg_proc f on f.oid = t.tgfoid join pg_namespace fn on fn.oid = f.pronamespace
        join pg_proc c on c.oid = e.fn join pg_namespace cn on cn.oid = c.pronamespace
        order by 1, 2, 3
        """
}
