import RLSSQL

/// Keeps sequences byte-for-byte unchanged by a check. `nextval` is never rolled back, but
/// `alter sequence ... restart` writes the sequence anew inside the transaction: every `nextval`
/// of the check (fixtures, probes, scenarios) then advances that new copy, which the final
/// rollback throws away. The price: the check holds each sequence's lock until it ends (bounded
/// by its `lock_timeout` when waiting, a second or so when holding). Sequences the connecting role
/// does not own are left alone.
enum SequenceShadow {
    /// The statement that shadows every sequence in `schemas`.
    static func statement(schemas: [String]) -> String {
        let list = schemas.map(quoteLiteral).joined(separator: ", ")
        return """
            do $rls_check$
            declare
              s record; v bigint; called boolean;
            begin
              for s in
                select format('%I.%I', n.nspname, c.relname) as name
                from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where c.relkind = 'S' and n.nspname in (\(list)) and pg_has_role(c.relowner, 'USAGE')
                order by 1
              loop
                execute format('select last_value, is_called from %s', s.name) into v, called;
                begin
                  execute format('alter sequence %s restart with %s', s.name, case when called then v + 1 else v end);
                exception when others then null;  -- at its maximum: leave it be
                end;
              end loop;
            end
            $rls_check$
            """
    }
}
