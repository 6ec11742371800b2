import RLSCatalog
import RLSDatabase
import RLSModel
import RLSSQL
import Testing

/// The live-table rules, each on a hand-made database that breaks it, under both default privileges.
@Suite("rls lint: live tables")
struct LintLiveTableRuleTests {
    @Test(arguments: DefaultPrivileges.allCases)
    func aLiveTableNobodyMayReadIsFound(privileges: DefaultPrivileges) throws {
        let report = try lint(
            afterApplying: """
                create table public.quiet (id bigint primary key);
                alter table public.quiet enable row level security;
                revoke all on public.quiet from anon, authenticated;
                alter publication supabase_realtime add table public.quiet;
                create table public.heard (id bigint primary key);
                alter table public.heard enable row level security;
                grant select on public.heard to authenticated;
                create policy "read" on public.heard for select to authenticated using (true);
                alter publication supabase_realtime add table public.heard;
                create table public.not_live (id bigint primary key);
                alter table public.not_live enable row level security;
                """, privileges)
        let findings = report.findings(of: .liveTableUnreadable)
        #expect(findings.map(\.object) == ["public.quiet"])
        #expect(findings.first?.level == .warning)
    }

    @Test func grantedButNoPolicyStillDeliversNothing() throws {
        let report = try lint(
            afterApplying: """
                create table public.quiet (id bigint primary key);
                alter table public.quiet enable row level security;
                grant select on public.quiet to anon, authenticated;
                alter publication supabase_realtime add table public.quiet;
                """)
        #expect(report.findings(of: .liveTableUnreadable).map(\.object) == ["public.quiet"])
    }

    @Test(arguments: DefaultPrivileges.allCases)
    func aLiveTableWithRLSOffIsAnError(privileges: DefaultPrivileges) throws {
        let report = try lint(
            afterApplying: """
                create table public.open (id bigint primary key);
                grant select on public.open to authenticated;
                alter publication supabase_realtime add table public.open;
                create table public.public_prices (id bigint primary key);
                alter table public.public_prices enable row level security;
                grant select on public.public_prices to anon, authenticated;
                create policy "anyone" on public.public_prices for select to anon, authenticated using (true);
                alter publication supabase_realtime add table public.public_prices;
                """, privileges)
        let findings = report.findings(of: .liveTableOpen)
        #expect(findings.map(\.object) == ["public.open", "public.public_prices"])
        #expect(findings.map(\.level) == [.error, .warning])
        // Legacy default privileges also gave anon SELECT on the new table.
        let readers = privileges == .none ? "authenticated." : "anon or authenticated."
        #expect(findings.first?.message.contains("every subscriber acting as \(readers)") == true)
    }

    @Test func aLiveTableWhosePolicyCallsAFunctionPerRowIsFound() throws {
        let report = try lint(
            afterApplying: """
                create schema private;
                create function private.can_see(room bigint) returns boolean language sql stable as $$ select room > 0 $$;
                create table public.room (id bigint primary key, host uuid);
                alter table public.room enable row level security;
                grant select on public.room to authenticated;
                create policy "members" on public.room for select to authenticated using (private.can_see(id));
                create policy "hosts" on public.room for select to authenticated using (host = (select auth.uid()));
                alter publication supabase_realtime add table public.room;
                create table public.quiet_room (id bigint primary key);
                alter table public.quiet_room enable row level security;
                create policy "members" on public.quiet_room for select to authenticated using (private.can_see(id));
                """)
        let findings = report.findings(of: .liveTablePerRowFunction)
        #expect(findings.map(\.object) == ["public.room.members"])
        #expect(findings.first?.message.contains("private.can_see()") == true)
    }

    /// A hand-written read policy with a bare `auth.uid()` on a live table: per row, per change, per subscriber.
    @Test func aBareAuthUIDInALiveTablesReadPolicyIsFound() throws {
        let report = try lint(
            afterApplying: """
                create table public.inbox (id bigint primary key, owner uuid);
                alter table public.inbox enable row level security;
                grant select on public.inbox to authenticated;
                create policy "mine" on public.inbox for select to authenticated using (owner = auth.uid());
                insert into public.inbox values (1, gen_random_uuid());
                alter publication supabase_realtime add table public.inbox;
                """)
        let findings = report.findings(of: .liveTablePerRowFunction)
        #expect(findings.map(\.object) == ["public.inbox.mine"])
        #expect(findings.first?.message.contains("auth.uid()") == true)
        #expect(report.findings(of: .authFunctionPerRow).map(\.object) == ["public.inbox.mine"])
    }

    /// A live table read by a members plan: its policy calls the generated helper once per statement
    /// (an initplan, wrapped in `(select …)`), so the rule stays quiet; the same call unwrapped, by
    /// hand, is found.
    @Test(arguments: DefaultPrivileges.allCases)
    func aMembersPlansHelperCallIsNotPerRow(privileges: DefaultPrivileges) throws {
        let schema = Schema {
            Table("crew") {
                Column("id", .bigint).identity().primaryKey()
            }
            .access(select: .members(of: "id", through: "crew_member"))
            .live()
            Table("crew_member") {
                Column("crew_id", .bigint).references("crew", onDelete: .cascade)
                Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
                Column("role", .text)
                PrimaryKey("crew_id", "user_id")
            }
            .access(read: .members(of: "crew_id", through: "crew_member", roles: ["owner"]), write: .serviceRoleOnly)
            .live()
        }
        let sql = try renderValidated(schema)
        #expect(sql.contains("(select \"private\".\"current_user_crew_ids\"("), "\(sql)")
        let report = try lint(
            afterApplying: sql + """

                create policy "by hand" on public.crew for select to authenticated
                    using (id = any (private.current_user_crew_ids(array['owner'])::bigint[]));
                """, privileges)
        #expect(report.findings(of: .liveTablePerRowFunction).map(\.object) == ["public.crew.by hand"])
    }
}
