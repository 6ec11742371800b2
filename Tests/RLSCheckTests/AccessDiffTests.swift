import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Each kind of change, made on a real PostgreSQL database, produces its sentence and nothing else.
@Suite struct AccessDiffTests {
    /// A schema of our own: an owner-only note, a genre list anyone reads.
    static func shelf(noteRead: AccessPlan = .owner(column: "author_id"), acknowledging reason: String? = nil) -> Schema {
        var note = Table("note") {
            Column("id", .bigint).identity().primaryKey()
            Column("author_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
            Column("body", .text)
        }
        .access(
            select: noteRead, insert: .owner(column: "author_id"), update: .owner(column: "author_id"),
            delete: .owner(column: "author_id"))
        if let reason { note = note.expectsWidening(reason) }
        return Schema {
            note
            Table("genre") {
                Column("id", .bigint).identity().primaryKey()
                Column("name", .text)
            }
            .access(read: .public, write: .serviceRoleOnly)
        }
    }

    /// The access diff from `before` (the schema's SQL plus `beforeSQL`) to the same plus `afterSQL`.
    static func diff(
        _ schema: Schema = shelf(), beforeSQL: String = "", afterSQL: String,
        beforeSchema: Schema? = nil
    ) throws -> AccessDiff {
        let (_, before) = try TestDatabase.make()
        defer { before.close() }
        try before.execute("begin;\n" + render(beforeSchema ?? schema) + "\n" + beforeSQL + "\ncommit;")
        let (_, after) = try TestDatabase.make()
        defer { after.close() }
        try after.execute("begin;\n" + render(beforeSchema ?? schema) + "\n" + beforeSQL + "\n" + afterSQL + "\ncommit;")
        return AccessDiff(
            before: try AccessSnapshot.probe(schema, on: before), after: try AccessSnapshot.probe(schema, on: after),
            schema: schema)
    }

    static func policy(_ command: String, on table: String, _ connection: Connection) throws -> String {
        try connection.query("select policyname from pg_policies where tablename = $1 and cmd = $2", [table, command])
            .rows[0].string("policyname")
    }

    @Test func unchangedDatabaseHasNoChanges() throws {
        let diff = try Self.diff(afterSQL: "")
        #expect(diff.changes.isEmpty)
        #expect(diff.text.hasPrefix("No access changes"))
    }

    @Test func newPolicy() throws {
        let diff = try Self.diff(
            beforeSQL: "grant select on public.note to anon;",
            afterSQL: #"create policy "anon reads notes" on public.note for select to anon using (true);"#)
        #expect(diff.changes.map(\.sentence) == ["anon gains SELECT on public.note (every row)"])
    }

    @Test func widenedUsing() throws {
        let (_, probe) = try TestDatabase.make()
        try probe.execute(render(Self.shelf()))
        let name = try Self.policy("SELECT", on: "note", probe)
        let diff = try Self.diff(afterSQL: "alter policy \(quoteIdentifier(name)) on public.note using (true);")
        #expect(diff.changes.map(\.sentence) == ["authenticated gains SELECT on public.note (other users' rows)"])
    }

    @Test func removedWithCheck() throws {
        let (_, probe) = try TestDatabase.make()
        try probe.execute(render(Self.shelf()))
        let name = try Self.policy("INSERT", on: "note", probe)
        let diff = try Self.diff(afterSQL: "alter policy \(quoteIdentifier(name)) on public.note with check (true);")
        #expect(diff.changes.map(\.sentence) == ["authenticated gains INSERT on public.note (other users' rows)"])
    }

    @Test func grantAdded() throws {
        let diff = try Self.diff(beforeSQL: "revoke select on public.genre from anon;", afterSQL: "grant select on public.genre to anon;")
        #expect(diff.changes.map(\.sentence) == ["anon gains SELECT on public.genre (every row)"])
    }

    @Test func grantRevokedIsALoss() throws {
        let diff = try Self.diff(afterSQL: "revoke delete on public.note from authenticated;")
        #expect(diff.changes.map(\.sentence) == ["authenticated loses DELETE on public.note (own rows)"])
        #expect(diff.unacknowledgedWidenings.isEmpty)
    }

    @Test func planSwitchedFromOwnerToAuthenticated() throws {
        let after = Self.shelf(noteRead: .authenticated)
        let (_, before) = try TestDatabase.make()
        defer { before.close() }
        try before.execute("begin;\n" + render(Self.shelf()) + "\ncommit;")
        let (_, next) = try TestDatabase.make()
        defer { next.close() }
        try next.execute("begin;\n" + render(after) + "\ncommit;")
        let diff = AccessDiff(
            before: try AccessSnapshot.probe(after, on: before), after: try AccessSnapshot.probe(after, on: next), schema: after)
        #expect(diff.changes.map(\.sentence) == ["authenticated gains SELECT on public.note (other users' rows)"])
        #expect(diff.unacknowledgedWidenings.count == 1)
    }

    @Test func columnGrantWidened() throws {
        let schema = Schema {
            Table("profile") {
                Column("id", .uuid).default(.currentUserID).primaryKey().references(.authUsers, onDelete: .cascade)
                Column("full_name", .text)
                Column("is_verified", .boolean)
            }
            .access(select: .authenticated, update: .owner(column: "id"))
            .updatable(only: "full_name")
        }
        let diff = try Self.diff(schema, afterSQL: #"grant update ("is_verified") on public.profile to authenticated;"#)
        #expect(diff.changes.map(\.sentence) == ["authenticated gains UPDATE on public.profile.is_verified (own rows)"])
    }

    @Test func rlsDisabled() throws {
        let diff = try Self.diff(afterSQL: "alter table public.note disable row level security;")
        #expect(
            diff.changes.map(\.sentence) == [
                "authenticated gains SELECT on public.note (other users' rows)",
                "authenticated gains INSERT on public.note (other users' rows)",
                "authenticated gains UPDATE on public.note (other users' rows; handing own rows to another user)",
                "authenticated gains DELETE on public.note (other users' rows)",
            ])
    }

    @Test func newTableGainsForEveryCallerItAdmits() throws {
        let before = Schema { Self.shelf().tables[0] }
        let diff = try Self.diff(afterSQL: "", beforeSchema: before).changes.map(\.sentence)
        // The after side is the same SQL here, so build it from the full schema instead.
        #expect(diff.isEmpty, "same SQL on both sides: \(diff)")
        let (_, old) = try TestDatabase.make()
        try old.execute(render(before))
        let (_, new) = try TestDatabase.make()
        try new.execute(render(Self.shelf()))
        let added = AccessDiff(
            before: try AccessSnapshot.probe(Self.shelf(), on: old), after: try AccessSnapshot.probe(Self.shelf(), on: new),
            schema: Self.shelf())
        #expect(
            added.changes.map(\.sentence) == [
                "anon gains SELECT on public.genre (every row)",
                "authenticated gains SELECT on public.genre (every row)",
                "service_role gains SELECT on public.genre (every row)",
                "service_role gains INSERT on public.genre (every row)",
                "service_role gains UPDATE on public.genre (every row)",
                "service_role gains DELETE on public.genre (every row)",
            ])
    }

    /// A table that lacks a column on one side (the side before the migration that adds it) is
    /// probed without it: a pull request that adds a column and also switches RLS off shows the
    /// widening, next to the table-wide grants newly covering the added column (read from the
    /// catalog). Before, the table was left out and the widening passed unseen.
    @Test func aTableThatGainsAColumnIsStillCompared() throws {
        let diff = try Self.diff(
            beforeSQL: "alter table public.note drop column body;",
            afterSQL: "alter table public.note add column body text; alter table public.note disable row level security;")
        #expect(
            diff.changes.map(\.sentence) == [
                "authenticated gains SELECT on public.note (other users' rows)",
                "authenticated gains INSERT on public.note (other users' rows)",
                "authenticated gains INSERT on column body of public.note",
                "authenticated gains UPDATE on public.note (other users' rows; handing own rows to another user)",
                "authenticated gains UPDATE on column body of public.note",
                "authenticated gains DELETE on public.note (other users' rows)",
            ], "\(diff.text)")
        #expect(diff.unacknowledgedWidenings.count == 6, "\(diff.text)")
        #expect(diff.notes.isEmpty, "\(diff.notes)")
    }

    /// A table that lacks a column its plan needs (the owner column) cannot get the probes' rows
    /// there: it is named in a note, and its rows are not reported as gained or lost.
    @Test func aTableWithoutItsOwnerColumnIsNotedNotCompared() throws {
        let diff = try Self.diff(
            beforeSQL: "alter table public.note drop column author_id cascade;",
            afterSQL: "alter table public.note add column author_id uuid default auth.uid() references auth.users on delete cascade;")
        #expect(
            diff.notes == [
                "public.note was not compared: its columns differ from the schema's on one side, so the probes' rows could not be written there"
            ], "\(diff.text)")
        #expect(diff.text.contains("  note: public.note was not compared"))
        #expect(!diff.changes.contains { $0.sentence.contains("public.note (") }, "\(diff.text)")
    }

    @Test func acknowledgedWideningIsShownAndLetThrough() throws {
        let schema = Self.shelf(acknowledging: "notes become readable by every member")
        let diff = try Self.diff(schema, afterSQL: "alter table public.note disable row level security;")
        #expect(!diff.changes.isEmpty)
        #expect(diff.unacknowledgedWidenings.isEmpty)
        #expect(diff.text.contains("[expected: notes become readable by every member]"))
        #expect(diff.markdown.contains("expected: notes become readable by every member"))
    }

    @Test func formatsAreStable() throws {
        let diff = try Self.diff(
            beforeSQL: "revoke select on public.genre from anon;",
            afterSQL: "grant select on public.genre to anon; revoke delete on public.note from authenticated;")
        // Schema order: note before genre.
        #expect(
            diff.text == """
                Access changes (before → after):
                  - authenticated loses DELETE on public.note (own rows)
                  + anon gains SELECT on public.genre (every row)
                """)
        #expect(diff.markdown.hasPrefix(AccessDiff.markdownMarker + "\n### Access changes"))
        #expect(diff.markdown.contains("- `anon gains SELECT on public.genre (every row)` — **not acknowledged**"))
        #expect(diff.markdown.contains("**Losses** (1)\n\n- `authenticated loses DELETE on public.note (own rows)`"))
        #expect(diff.json.contains(#""sentence": "anon gains SELECT on public.genre (every row)""#))
        #expect(diff.json.contains(#""widening": true"#))
        // The whole document, byte for byte as the hand-built writer wrote it before the document
        // became an Encodable value: key order, null for no acknowledgement, two-space indents.
        #expect(
            diff.json == """
                {
                  "before": "before",
                  "after": "after",
                  "widening": true,
                  "changes": [
                    {
                      "caller": "authenticated",
                      "change": "loses",
                      "action": "DELETE",
                      "object": "public.note",
                      "rows": [
                        "own"
                      ],
                      "columns": [],
                      "sentence": "authenticated loses DELETE on public.note (own rows)",
                      "acknowledged": null
                    },
                    {
                      "caller": "anon",
                      "change": "gains",
                      "action": "SELECT",
                      "object": "public.genre",
                      "rows": [
                        "first",
                        "second"
                      ],
                      "columns": [],
                      "sentence": "anon gains SELECT on public.genre (every row)",
                      "acknowledged": null
                    }
                  ],
                  "notes": []
                }

                """)
    }
}
