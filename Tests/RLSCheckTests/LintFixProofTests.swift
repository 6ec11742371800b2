import RLSCatalog
import RLSCheck
import RLSDatabase
import RLSTestSupport
import Testing

/// A dashboard-style project with every problem at once: `rls lint` is compared with the expected
/// findings rule by rule, then every fix is proven: applied in a transaction that is rolled back,
/// with access probes (as anon, alice and bob, through RLSCheck's impersonation) before and after.
/// The probe matrix may change only where the finding says it should.
// Role memberships are cluster-wide: the dashboard is only ever applied inside a transaction that is
// rolled back, one test at a time, so no other test database sees `grant authenticated to anon`.
@Suite("rls lint: the dashboard project and proven fixes", .serialized)
struct LintFixProofTests {
    static let alice = Persona.User.alice.id, bob = Persona.User.bob.id

    static let dashboard = """
        insert into auth.users (id, email) values ('\(alice)', 'alice@x.invalid'), ('\(bob)', 'bob@x.invalid');
        create table public.profile (id uuid primary key references auth.users(id), name text);
        alter table public.profile enable row level security;
        create policy "everyone reads" on public.profile for select using (true);
        insert into public.profile values ('\(alice)', 'Alice'), ('\(bob)', 'Bob');
        create table public.note (id bigint primary key, owner_id uuid not null references auth.users(id), body text);
        alter table public.note enable row level security;
        create policy "own notes" on public.note for select to authenticated using (owner_id = auth.uid());
        create policy "own inserts" on public.note for insert to authenticated with check (owner_id = (select auth.uid()));
        insert into public.note values (1, '\(alice)', 'a'), (2, '\(bob)', 'b');
        create table public.note_log (note_id bigint, at timestamptz default now());
        alter table public.note_log enable row level security;
        create function public.log_note() returns trigger language plpgsql security definer as $$
        begin insert into note_log (note_id) values (new.id); return new; end $$;
        create trigger log_note after insert on public.note for each row execute function public.log_note();
        create table public.secret (id bigint primary key, token text);
        insert into public.secret values (1, 't');
        create table public.guestbook (id bigint primary key, line text);
        alter table public.guestbook enable row level security;
        create policy "sign" on public.guestbook for insert to anon with check (true);
        create view public.all_notes as select id, owner_id from public.note;
        create materialized view public.note_counts as select owner_id, count(*) as n from public.note group by owner_id;
        create function public.every_note() returns setof public.note language sql security definer set search_path = ''
          as $$ select * from public.note $$;
        grant select on public.profile, public.note, public.all_notes, public.note_counts, public.secret to anon, authenticated;
        grant insert on public.note to authenticated;
        grant insert on public.guestbook to anon;
        grant authenticated to anon;
        alter default privileges for role postgres grant select on tables to anon;
        create table public.tag (id bigint primary key, note_id bigint references public.note, label text);
        alter table public.tag enable row level security;
        create policy "tags read" on public.tag for select to anon, authenticated using (true);
        grant select on public.tag to anon, authenticated;
        create index tag_label on public.tag (label);
        create index tag_label_again on public.tag (label);
        insert into public.tag values (1, 1, 'x');
        create table public.draft (id bigint primary key, body text);
        create policy "drafts hidden" on public.draft for select to authenticated using (false);
        grant select on public.draft to anon, authenticated;
        insert into public.draft values (1, 'd');
        create view public.members as select id, email from auth.users;
        grant select on public.members to authenticated;
        create function public.tag_count() returns bigint language sql stable as $$ select count(*) from tag $$;
        create schema internal;
        create table internal.queue (id bigint primary key, job text);
        grant select on internal.queue to authenticated;
        """

    static let expected: [LintRule.ID: [String]] = [
        .anonSecurityDefinerFunctionExecutable: ["public.every_note()"],
        .apiRoleDefaultPrivileges: ["default privileges of postgres for anon"],
        .apiRoleMembership: ["role anon"],
        .authFunctionPerRow: ["public.note.own notes"],
        .apiGrantWithoutRLS: ["internal.queue"],
        .authUsersExposed: ["public.members"],
        .duplicateIndex: ["public.tag.tag_label"],
        .functionSearchPathMutable: ["public.tag_count()"],
        .policyWithoutRLS: ["public.draft"],
        .unindexedForeignKeys: ["public.tag.tag_note_id_fkey"],
        .materializedViewInAPI: ["public.note_counts"],
        .noPrimaryKey: ["public.note_log"],
        .policyWithoutRole: ["public.profile.everyone reads"],
        .rlsPolicyAlwaysTrue: ["public.guestbook.sign"],
        .rlsWithoutPolicies: ["public.note_log"],
        .securityDefinerSearchPath: ["public.log_note()"],
        .sensitiveColumnsExposed: ["public.secret"],
        .tableWithoutRLS: [],
        .viewWithoutSecurityInvoker: ["public.all_notes"],
    ]

    @Test func everyProblemIsFoundOnceUnderItsRule() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("begin")
        defer { _ = try? db.execute("rollback") }
        try db.execute(Self.dashboard)
        let report = Lint.run(try db.introspectCatalog())
        for (rule, objects) in Self.expected.sorted(by: { $0.key < $1.key }) {
            #expect(report.findings(of: rule).map(\.object) == objects, "rule \(rule)")
        }
        let others = report.findings.filter { Self.expected[$0.rule] == nil }.map { "\($0.rule) \($0.object)" }
        #expect(others == ["owner-column-without-index public.note.owner_id"])
        #expect(report.findings.filter { $0.object == "public.secret" }.count == 1, "RLS off with grants is one finding")
        #expect(report.findings(of: .securityDefinerSearchPath).first?.message.contains("note_log without a schema") == true)
    }

    @Test func everyFixChangesAccessOnlyWhereItsFindingSays() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("begin")
        defer { _ = try? db.execute("rollback") }
        try db.execute(Self.dashboard)
        let report = Lint.run(try db.introspectCatalog())
        let fixed = report.findings.filter { $0.fix != nil }
        #expect(
            Set(fixed.map(\.rule)) == [
                .anonSecurityDefinerFunctionExecutable, .apiGrantWithoutRLS, .apiRoleDefaultPrivileges, .apiRoleMembership,
                .authFunctionPerRow, .authUsersExposed, .duplicateIndex, .functionSearchPathMutable,
                .materializedViewInAPI,
                .ownerColumnWithoutIndex, .policyWithoutRole, .policyWithoutRLS, .securityDefinerSearchPath,
                .sensitiveColumnsExposed, .unindexedForeignKeys, .viewWithoutSecurityInvoker,
            ])
        for finding in fixed {
            try db.execute("savepoint fix")
            let before = try probe(db)
            try db.execute(finding.fix!)
            let after = try probe(db)
            try db.execute("rollback to savepoint fix; release savepoint fix")
            let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
            let allowed = changed.filter { Self.mayChange($0, finding) }
            #expect(changed == allowed, "\(finding.rule) \(finding.object) changed \(changed.filter { !allowed.contains($0) })")
            if [.viewWithoutSecurityInvoker, .anonSecurityDefinerFunctionExecutable, .sensitiveColumnsExposed].contains(
                finding.rule)
            {
                #expect(!changed.isEmpty, "\(finding.rule): the fix closes what the finding says is open")
            }
        }
    }

    @Test func pinningTheSearchPathAloneBreaksTheTriggerAndTheOfferedFixDoesNot() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("begin")
        defer { _ = try? db.execute("rollback") }
        try db.execute(Self.dashboard)
        let finding = try #require(Lint.run(try db.introspectCatalog()).findings(of: .securityDefinerSearchPath).first)
        try db.execute("savepoint naive; alter function public.log_note() set search_path = ''")
        #expect(throws: DatabaseError.self) { try db.execute("insert into public.note values (10, '\(Self.alice)', 'x')") }
        try db.execute("rollback to savepoint naive")
        try db.execute(finding.fix!)
        try db.execute("insert into public.note values (10, '\(Self.alice)', 'x')")
        #expect(try db.query("select count(*) as n from public.note_log").first?["n"] == "1")
    }

    /// `persona|object|operation` → outcome, for anon, alice and bob, inside the caller's transaction.
    private func probe(_ db: Connection) throws -> [String: String] {
        var result: [String: String] = [:]
        let reads = [
            "public.profile", "public.note", "public.all_notes", "public.note_counts", "public.secret", "public.every_note()",
            "public.tag", "public.draft", "public.members", "public.tag_count()", "internal.queue",
        ]
        for persona in [Persona.anon, .user(.alice), .user(.bob)] {
            for object in reads {
                result["\(persona)|\(object)|select"] = try outcome(db, persona, "select count(*) as n from \(object)")
            }
            result["\(persona)|public.note|insert"] = try outcome(
                db, persona,
                "insert into public.note values (\(persona == .anon ? 3 : 4), '\(Self.alice)', 'new')")
            result["\(persona)|public.guestbook|insert"] = try outcome(db, persona, "insert into public.guestbook values (1, 'hi')")
        }
        return result
    }

    private func outcome(_ db: Connection, _ persona: Persona, _ sql: String) throws -> String {
        try db.execute("savepoint probe")
        defer { _ = try? db.execute("rollback to savepoint probe; release savepoint probe") }
        try Impersonation.become(persona, on: db)
        do {
            let rows = try db.query(sql)
            return rows.first?["n"] ?? "ok \(rows.affectedRows)"
        } catch let error as DatabaseError {
            return "error \(error.sqlState ?? "")"
        }
    }

    /// Where a finding's fix may change the matrix: the object it is about, or (for a membership) anon.
    private static func mayChange(_ cell: String, _ finding: LintFinding) -> Bool {
        let parts = cell.split(separator: "|").map(String.init)
        switch finding.rule {
        case .apiRoleMembership: return parts[0] == "anon"
        case .tableWithoutRLS, .sensitiveColumnsExposed, .policyWithoutRLS, .viewWithoutSecurityInvoker,
            .materializedViewInAPI, .authUsersExposed, .apiGrantWithoutRLS:
            return parts[1] == finding.object
        case .anonSecurityDefinerFunctionExecutable:
            return parts[0] == "anon" && parts[1] == finding.object
        default: return false
        }
    }
}
