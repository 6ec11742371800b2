import RLSCatalog
import RLSDatabase
import Testing

/// The rules about policy expressions and roles, each on a hand-made database that breaks it.
@Suite("rls lint: policies")
struct LintPolicyRuleTests {
    static let note = """
        create table public.note (id bigint primary key, owner_id uuid not null, team text);
        create index on public.note (owner_id);
        alter table public.note enable row level security;
        grant select, insert, update, delete on public.note to authenticated;
        """

    @Test func bareAuthCallsArePerRowAndTheFixWrapsThem() throws {
        let report = try lint(
            afterApplying: Self.note + """
                create policy "slow" on public.note for update to authenticated
                  using (owner_id = auth.uid()) with check (owner_id = (select auth.uid()));
                create policy "role" on public.note for delete to authenticated using (auth.jwt() ->> 'role' = 'admin');
                create policy "fast" on public.note for select to authenticated using (owner_id = (select auth.uid()));
                """)
        let findings = report.findings(of: .authFunctionPerRow)
        #expect(findings.map(\.object) == ["public.note.role", "public.note.slow"])
        #expect(findings.allSatisfy { $0.level == .warning })
        let slow = try #require(findings.last)
        #expect(slow.message.contains("calls auth.uid() for every row"))
        #expect(slow.fix == #"alter policy "slow" on "public"."note" using ((owner_id = (select auth.uid())));"#)
    }

    @Test func theSuggestedFixRunsAndSilencesTheRule() throws {
        let bad = Self.note + "create policy \"slow\" on public.note for select to authenticated using (owner_id = auth.uid());"
        let fix = try #require(try lint(afterApplying: bad).findings(of: .authFunctionPerRow).first?.fix)
        #expect(try lint(afterApplying: bad + "\n" + fix).findings(of: .authFunctionPerRow).isEmpty)
    }

    @Test func severalPermissivePoliciesForOneRoleAndAction() throws {
        let report = try lint(
            afterApplying: Self.note + """
                create policy "mine" on public.note for select to authenticated using (owner_id = (select auth.uid()));
                create policy "team" on public.note for all to authenticated using (team = 'blue');
                create policy "narrow" on public.note as restrictive for select to authenticated using (team is not null);
                """)
        let findings = report.findings(of: .multiplePermissivePolicies)
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("2 permissive policies apply to authenticated for SELECT") == true)
        #expect(findings.first?.message.contains("(mine, team)") == true)
    }

    /// Policies of different buckets never meet the same file: one per bucket is not "several"; two for
    /// one bucket are, and so is one whose bucket test sits inside an OR (it lets other files through).
    @Test func storagePoliciesOfDifferentBucketsDoNotOverlap() throws {
        let report = try lint(
            afterApplying: Self.note + """
                create policy "a_read" on storage.objects for select to authenticated using (bucket_id = 'a');
                create policy "b_read" on storage.objects for select to authenticated
                  using (bucket_id = 'b' and (storage.foldername(name))[1] = ((select auth.uid()))::text);
                create policy "b_insert" on storage.objects for insert to authenticated with check (bucket_id = 'b');
                create policy "b_insert_too" on storage.objects for insert to authenticated with check (bucket_id = 'b' and name like 'x%');
                create policy "c_delete" on storage.objects for delete to authenticated using (bucket_id = 'c');
                create policy "or_delete" on storage.objects for delete to authenticated using ((bucket_id = 'd' and name like 'x%') or owner = (select auth.uid()));
                """)
        let findings = report.findings(of: .multiplePermissivePolicies).map(\.message)
        #expect(findings.count == 2, "\(findings)")
        #expect(findings.contains { $0.contains("for INSERT on storage.objects (b_insert, b_insert_too)") }, "\(findings)")
        #expect(findings.contains { $0.contains("for DELETE on storage.objects (c_delete, or_delete)") }, "\(findings)")
    }

    @Test func aPolicyWithoutTOAppliesToEveryone() throws {
        let report = try lint(
            afterApplying: Self.note + """
                create policy "anyone" on public.note for select using (owner_id = (select auth.uid()));
                """)
        let findings = report.findings(of: .policyWithoutRole)
        #expect(findings.map(\.object) == ["public.note.anyone"])
        // anon keeps what the policy gave it: the fix names both API roles.
        #expect(findings.first?.fix == #"alter policy "anyone" on "public"."note" to "anon", "authenticated";"#)
    }

    @Test func userEditableMetadataIsAnError() throws {
        let report = try lint(
            afterApplying: Self.note + """
                create policy "by_jwt" on public.note for select to authenticated
                  using (team = ((select auth.jwt()) -> 'user_metadata' ->> 'team'));
                create policy "by_users" on public.note for delete to authenticated
                  using (exists (select 1 from auth.users u where u.id = (select auth.uid()) and u.raw_user_meta_data ->> 'admin' = 'yes'));
                create policy "by_app" on public.note for insert to authenticated
                  with check (team = ((select auth.jwt()) -> 'app_metadata' ->> 'team'));
                """)
        let findings = report.findings(of: .userMetadataInPolicy)
        #expect(findings.map(\.object) == ["public.note.by_jwt", "public.note.by_users"])
        #expect(findings.allSatisfy { $0.level == .error })
    }

    @Test func anOwnerColumnWithoutAnIndex() throws {
        let report = try lint(
            afterApplying: """
                create table public.list (id bigint primary key, owner_id uuid not null);
                create table public.item (id bigint primary key, list_id bigint not null references public.list, "Author" uuid);
                alter table public.list enable row level security;
                alter table public.item enable row level security;
                create policy "own" on public.list for select to authenticated using (owner_id = (select auth.uid()));
                create policy "through" on public.item for select to authenticated using (exists (
                  select 1 from public.list l where l.id = item.list_id and l.owner_id = (select auth.uid())));
                create policy "author" on public.item for update to authenticated using ((select auth.uid()) = "Author");
                """)
        let findings = report.findings(of: .ownerColumnWithoutIndex)
        #expect(findings.map(\.object) == ["public.item.Author", "public.list.owner_id"])
        #expect(findings.last?.message.contains("Policies own, through compare public.list.owner_id") == true)
        #expect(findings.first?.fix == #"create index on "public"."item" ("Author");"#)
    }

    @Test func aPrimaryKeyOrIndexLeadingWithTheColumnCounts() throws {
        let report = try lint(
            afterApplying: """
                create table public.saved (profile_id uuid, listing_id bigint, primary key (profile_id, listing_id));
                create table public.note (id bigint primary key, owner_id uuid, created_at timestamptz);
                create index on public.note (owner_id, created_at);
                create table public.late (id bigint primary key, owner_id uuid);
                create index on public.late (id, owner_id);
                alter table public.saved enable row level security;
                alter table public.note enable row level security;
                alter table public.late enable row level security;
                create policy "own" on public.saved for select to authenticated using (profile_id = (select auth.uid()));
                create policy "own" on public.note for select to authenticated using (owner_id = (select auth.uid()));
                create policy "own" on public.late for select to authenticated using (owner_id = (select auth.uid()));
                """)
        #expect(report.findings(of: .ownerColumnWithoutIndex).map(\.object) == ["public.late.owner_id"])
    }
}
