import RLSModel
import RLSSQL

extension Catalog.Policy {
    /// `table.policy name`, as a plan names it.
    var displayName: String { "\(table).\(name)" }

    /// The policy as RLSSQL compiles one, so the plan writes `create policy` exactly as `rls sql` does.
    var compiled: CompiledPolicy {
        CompiledPolicy(
            name: name, table: table, command: RLSModel.Policy.Command(rawValue: command.rawValue.lowercased())!,
            roles: roles, isPermissive: permissive, using: using, withCheck: withCheck)
    }

    /// `create policy "name" on "s"."t" as permissive for select to "anon" using (…) with check (…);`,
    /// then its comment.
    var createSQL: String {
        var sql = compiled.sql
        if let comment { sql += "\n" + commentSQL(on: "POLICY \(quoteIdentifier(name)) ON \(table.sql)", comment) }
        return sql
    }

    /// `drop policy "name" on "s"."t";`, in the case of the `create policy` it pairs with.
    var dropSQL: String { "drop policy \(quoteIdentifier(name)) on \(table.sql);" }
}
