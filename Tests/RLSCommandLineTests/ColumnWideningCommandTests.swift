import Foundation
import RLSModel
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// `rls plan --access` on a database whose column grants were made by hand: the schema's table-wide
/// grant would widen them, and `--fail-on-widening` stops it until the schema says so.
@Suite struct ColumnWideningCommandTests {
    static func profile(acknowledging reason: String? = nil) -> Schema {
        var table = Table("profile") {
            Column("id", .uuid).default(.currentUserID).primaryKey().references(.authUsers, onDelete: .cascade)
            Column("display_name", .text).nullable()
            Column("avatar_url", .text).nullable()
            Column("is_admin", .boolean).default(false)
        }
        .access(select: .authenticated, update: .owner(column: "id"))
        if let reason { table = table.expectsWidening(reason) }
        return Schema { table }
    }

    /// Written in the SQL editor, not by rls: users may change only their name and avatar.
    static let handMade = """
        create table public.profile (
          id uuid primary key default auth.uid() references auth.users on delete cascade,
          display_name text, avatar_url text, is_admin boolean not null default false);
        alter table public.profile enable row level security;
        create policy "members read profiles" on public.profile for select to authenticated using (true);
        create policy "users edit their profile" on public.profile for update to authenticated
          using (id = (select auth.uid())) with check (id = (select auth.uid()));
        grant select on public.profile to authenticated;
        grant update (display_name, avatar_url) on public.profile to authenticated;
        grant select, update on public.profile to service_role;
        """

    @Test func aTableWideGrantOverHandMadeColumnGrantsFailsTheGate() throws {
        let database = try TestDatabase.make()
        try database.connection.execute(Self.handMade)
        let migrations = FileManager.default.temporaryDirectory.appendingPathComponent("rls-columns-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: migrations, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let target = ["--database-url", database.url, "--migrations", migrations]

        let plan = runRLS(["plan", "--fail-on-widening"] + target, schema: Self.profile())
        #expect(plan.code == .failure, "\(plan.output)\(plan.error)")
        #expect(plan.output.contains("+ authenticated gains UPDATE on columns id, is_admin of public.profile"), "\(plan.output)")
        #expect(plan.error.contains("add .updatable(only: ...) or .insertable(only: ...)"), "\(plan.error)")

        let acknowledged = runRLS(["plan", "--fail-on-widening"] + target, schema: Self.profile(acknowledging: "admins flag themselves"))
        #expect(acknowledged.code == .success, "\(acknowledged.output)\(acknowledged.error)")
        #expect(
            acknowledged.output.contains(
                "+ authenticated gains UPDATE on columns id, is_admin of public.profile [expected: admins flag themselves]"))
    }
}
