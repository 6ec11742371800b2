import RLSDatabase
import RLSModel

/// A trigger on a probed table whose function, or a function it calls, makes a call that the check's
/// rolled-back transaction cannot undo: a synchronous HTTP request (the `http` extension's `http`,
/// `http_get`, `http_post`, `http_put`, `http_patch`, `http_delete`, `http_head`), `dblink`,
/// `dblink_exec`, `dblink_send_query` (autonomous statements elsewhere) or `pg_background_launch`.
/// pg_net's `net.http_*` is not one: it queues the request in a table, and the rollback removes it.
///
/// Function bodies are text (`pg_proc.prosrc`, or a `begin atomic` body deparsed), so calls are
/// found by a word-boundary match of the name followed by `(`, followed through the functions a
/// body names, four calls deep. It errs towards finding: a call in a comment counts, and so does `UPDATE OF` or `WHEN` that would not fire.
/// Triggers on tables that a foreign key's action writes (`on delete cascade`, `set null`) count for
/// the statement that sets the action off. It cannot see a call whose name dynamic SQL builds at run
/// time, nor a trigger on a table that another trigger's function writes.
struct SideEffectTrigger: Sendable, Hashable {
    /// The probed table whose statements fire it.
    var table: TableName
    /// The table the trigger is on: ``table``, or one that a foreign key's `on delete cascade`,
    /// `set null` or `set default` (or the same `on update`) makes a statement on ``table`` write.
    var triggerTable: TableName
    /// The trigger's name.
    var name: String
    /// The trigger's function, schema-qualified.
    var function: String
    /// The function whose body makes the call: the trigger's own, or one it calls.
    var caller: String
    /// The call as written, lower-cased: `http_post`, `extensions.http_post`, `dblink_exec`.
    var call: String
    /// The statements on ``table`` that fire it.
    var operations: Set<RLSModel.Operation>

    /// Why the probes it would fire do not run, with what to do: `trigger notify_webhook on
    /// public.orders calls extensions.http_post (in public.notify_webhook) — …`.
    var reason: String {
        "\(what) calls \(call) (\(site)) — a rolled-back transaction cannot undo it, so rls check does not fire it; "
            + "pass --allow-side-effects to run these probes anyway"
    }

    /// `trigger notify on public.orders`, and for a trigger a foreign key's action reaches, which
    /// statements on ``table`` reach it.
    var what: String {
        guard triggerTable != table else { return "trigger \(name) on \(table)" }
        let statements = operations.sorted().map { $0.rawValue }.joined(separator: " or ")
        return
            "trigger \(name) on \(triggerTable), which \(statements) on \(table) reaches through a foreign key's on-\(statements) action,"
    }

    /// Whether a scenario's statement may fire it: its words name ``table`` and one of the
    /// statements that fire it (or `merge`). Words, not a parse: it errs towards yes.
    func mayFire(_ sql: String) -> Bool {
        let words = Set(sql.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") })
        return words.contains(Substring(table.name.lowercased()))
            && (words.contains("merge") || operations.contains { words.contains(Substring($0.rawValue)) })
    }

    /// Where the call is: `in public.notify`, or `in public.send, which public.notify calls`.
    var site: String { caller == function ? "in \(function)" : "in \(caller), which \(function) calls" }

    /// Every enabled INSERT, UPDATE or DELETE trigger that a statement on one of `tables` fires
    /// (on the table itself, or through foreign-key actions) and whose function calls an effect, in one query.
    static func find(on tables: [TableName], connection: Connection) throws -> [SideEffectTrigger] {
        let rows = try connection.query(Self.query, [tables.map(\.schema), tables.map(\.name)]).rows
        var found: [SideEffectTrigger] = []
        for row in rows {
            guard let operation = RLSModel.Operation(rawValue: try row.string("operation")) else { continue }
            let trigger = SideEffectTrigger(
                table: TableName(schema: try row.string("schema"), name: try row.string("name")),
                triggerTable: TableName(schema: try row.string("trigger_schema"), name: try row.string("trigger_table")),
                name: try row.string("trigger"), function: try row.string("function"), caller: try row.string("caller"),
                call: try row.string("call").lowercased().filter { !$0.isWhitespace && $0 != "\"" }, operations: [operation])
            if let index = found.firstIndex(where: {
                $0.table == trigger.table && $0.triggerTable == trigger.triggerTable && $0.name == trigger.name
            }) {
                found[index].operations.insert(operation)
            } else {
                found.append(trigger)
            }
        }
        return found
    }

    /// The effects' names, longest first so that `dblink_exec` is not read as `dblink`; an optional
    /// schema before them, so that pg_net's `net.` can be told apart.
    static let effectPattern =
        #"((?:"[^"]+"|[a-z_][a-z0-9_$]*)\s*\.\s*)?\m(dblink_send_query|dblink_exec|dblink|http_get|http_post|http_put|http_patch|http_delete|http_head|http|pg_background_launch)\s*\("#

    /// Every enabled trigger and the statements that fire it (tgtype bits: 4 insert, 8 delete, 16
    /// update; enabled as `O` origin or `A` always) → the functions its function names, in SQL or
    /// PL/pgSQL (a C trigger function's body is a symbol: it reads as no call), four deep, without
    /// cycles → the first effect each body calls, other than through schema `net`. From each
    /// trigger that reaches one, up the foreign keys whose actions write its table, four deep (a
    /// delete cascades as a delete, sets null or default as an update; an update as an update) →
    /// the checked tables and statements that set it off, its own table included.
    ///
    /// The walk goes up from the few triggers that make a call, by `pg_constraint`'s index on
    /// `conrelid`, rather than down from every checked table: down, each step scans every foreign
    /// key for each table reached, and at 1,000 tables that was a third of a second (0.3 s of a 3 s
    /// check) where no trigger calls anything.
    static let query = """
        with recursive triggers as (
            select t.tgrelid, t.tgname as trigger, t.tgfoid, fired.action
            from pg_trigger t cross join unnest(array['insert', 'update', 'delete']) as fired(action)
            where not t.tgisinternal and t.tgenabled in ('O', 'A')
              and t.tgtype & case fired.action when 'insert' then 4 when 'delete' then 8 else 16 end <> 0
        ), callable as (
            select p.oid, p.proname,
                   case when p.prosqlbody is null then p.prosrc else pg_get_function_sqlbody(p.oid) end as body
            from pg_proc p join pg_language l on l.oid = p.prolang join pg_namespace n on n.oid = p.pronamespace
            where l.lanname in ('sql', 'plpgsql') and n.nspname not in ('pg_catalog', 'information_schema')
        ), reach(root, fn, depth, path) as (
            select distinct tgfoid, tgfoid, 0, array[tgfoid] from triggers
            union all
            select r.root, callee.oid, r.depth + 1, r.path || callee.oid
            from reach r join callable caller on caller.oid = r.fn
            join callable callee on strpos(lower(caller.body), lower(callee.proname)) > 0
                and caller.body ~* ('\\m' || regexp_replace(callee.proname, '\\W', '\\\\\\&', 'g') || '\\s*\\(')
            where r.depth < 4 and callee.oid <> all(r.path)
        ), effects as (
            select distinct on (r.root) r.root, r.fn, effect.call
            from reach r join callable p on p.oid = r.fn
            cross join lateral (
                select coalesce(m[1], '') || m[2] as call
                from regexp_matches(p.body, '\(effectPattern)', 'gi') as m
                where m[1] is null or lower(regexp_replace(m[1], '[\\s".]', '', 'g')) <> 'net'
                limit 1
            ) effect
            order by r.root, r.depth
        ), fired_by(tgrelid, trigger, tgfoid, relid, action, depth) as (
            select t.tgrelid, t.trigger, t.tgfoid, t.tgrelid, t.action, 0
            from triggers t where t.tgfoid in (select root from effects)
            union
            select f.tgrelid, f.trigger, f.tgfoid, k.confrelid, parent.action, f.depth + 1
            from fired_by f join pg_constraint k on k.conrelid = f.relid and k.contype = 'f'
            cross join unnest(array['delete', 'update']) as parent(action)
            where f.depth < 4
              and case
                  when parent.action = 'delete' and f.action = 'delete' then k.confdeltype = 'c'
                  when parent.action = 'delete' and f.action = 'update' then k.confdeltype in ('n', 'd')
                  when parent.action = 'update' and f.action = 'update' then k.confupdtype in ('c', 'n', 'd')
                  else false
                  end
        ), checked as (
            select c.oid
            from unnest($1::text[], $2::text[]) as wanted(schema, name)
            join pg_namespace n on n.nspname = wanted.schema
            join pg_class c on c.relnamespace = n.oid and c.relname = wanted.name
        )
        select distinct rn.nspname as schema, rc.relname as name, f.action as operation, tn.nspname as trigger_schema,
               tc.relname as trigger_table, f.trigger, e.call, fn.nspname || '.' || p.proname as function,
               cn.nspname || '.' || c.proname as caller
        from fired_by f join checked on checked.oid = f.relid join effects e on e.root = f.tgfoid
        join pg_class rc on rc.oid = f.relid join pg_namespace rn on rn.oid = rc.relnamespace
        join pg_class tc on tc.oid = f.tgrelid join pg_namespace tn on tn.oid = tc.relnamespace
        join pg_proc p on p.oid = f.tgfoid join pg_namespace fn on fn.oid = p.pronamespace
        join pg_proc c on c.oid = e.fn join pg_namespace cn on cn.oid = c.pronamespace
        order by 1, 2, 4, 5, 6, 3
        """
}
