import RLSCatalog
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Live tables (in `supabase_realtime`, optionally `replica identity full`) and private channels
/// (policies on `realtime.messages`): rendered, applied as the non-superuser `postgres`, read back,
/// planned both ways, and drift from the dashboard shown, under both default-privilege behaviours.
@Suite("Live tables and private channels")
struct LiveTablesTests {
    /// A schema someone else might write: rooms owned by a host, notes owned through their room.
    static func schema(live: Bool = true, oldRows: Bool = true, channel: Bool = true) -> Schema {
        Schema {
            Table("room") {
                Column("id", .bigint).identity().primaryKey()
                Column("host_id", .uuid).default(.currentUserID).references(.authUsers)
                Column("title", .text)
            }
            .access(read: .authenticated, write: .owner(column: "host_id"))
            .live(oldRows: oldRows)
            .channel("room", receive: .owner(column: "host_id"), send: .owner(column: "host_id"))
            Table("Odd \"note\"") {
                Column("id", .uuid).primaryKey().default(.randomUUID)
                Column("room_id", .bigint).references("room")
                Column("body", .text).nullable()
            }
            .access(.owner(through: "room_id"))
            .channel("it's \"odd\"", receive: .owner(through: "room_id"), send: .owner(through: "room_id"))
        }
        .adjusted(live: live, channel: channel)
    }

    @Test(arguments: DefaultPrivileges.allCases)
    func renderedSchemaAppliesAsPostgresAndReadsBackLive(privileges: DefaultPrivileges) throws {
        let sql = render(Self.schema())
        let (_, db) = try TestDatabase.make(privileges)
        defer { db.close() }
        try db.execute("BEGIN;\n" + sql + "\nCOMMIT;")
        let catalog = try db.introspectCatalog()
        let room = try #require(catalog.table(QualifiedName(schema: "public", name: "room")))
        #expect(room.isLive)
        #expect(room.replicaIdentity == .full)
        let note = try #require(catalog.table(QualifiedName(schema: "public", name: "Odd \"note\"")))
        #expect(!note.isLive && note.replicaIdentity == .default)
        #expect(
            catalog.policies.filter { $0.table.schema == "realtime" }.map(\.name).sorted()
                == ["channel_it's \"odd\"_receive", "channel_it's \"odd\"_send", "channel_room_receive", "channel_room_send"])
        let desired = try ScratchDatabase.catalog(
            applying: [SQLScript(name: "dsl", sql: sql)], in: TestDatabase.cluster,
            defaultPrivileges: privileges)
        let plan = ChangePlan(from: catalog, to: desired)
        #expect(plan.isEmpty, "\(plan.sql)")
    }

    @Test func makingATableLiveAndBackIsPlannedAndApplied() throws {
        let still = render(Self.schema(live: false, channel: false))
        let live = render(Self.schema())
        let toLive = try PlanHarness.applyAndReplan(from: still, to: live)
        let lines = toLive.changes.map(\.summary)
        #expect(lines.contains("+ live changes public.room"))
        #expect(lines.contains("~ replica identity public.room"))
        #expect(lines.contains("+ policy realtime.messages.channel_room_receive"))
        let back = try PlanHarness.applyAndReplan(from: live, to: still)
        let backLines = back.changes.map(\.summary)
        #expect(backLines.contains("- live changes public.room"))
        #expect(backLines.contains("~ replica identity public.room"))
        #expect(backLines.contains("- policy realtime.messages.channel_room_send"))
        #expect(back.sql.contains(#"ALTER PUBLICATION "supabase_realtime" DROP TABLE "public"."room";"#))
    }

    @Test func newLiveTableIsAddedAfterItIsCreated() throws {
        let plan = try PlanHarness.applyAndReplan(from: "", to: render(Self.schema()))
        let create = try #require(plan.changes.firstIndex { $0.summary == "+ table public.room" })
        let publish = try #require(plan.changes.firstIndex { $0.summary == "+ live changes public.room" })
        #expect(create < publish)
    }

    /// Someone adds a table in the dashboard, another one's membership is removed there: `rls plan`
    /// shows both, and applying the plan puts the publication back as declared.
    @Test func dashboardChangesToThePublicationAreDrift() throws {
        let sql = render(Self.schema(oldRows: false))
        let plan = try PlanHarness.applyAndReplan(
            from: sql,
            changedByAdmin: #"""
                alter publication supabase_realtime drop table public.room;
                alter publication supabase_realtime add table public."Odd ""note""";
                create policy "lobby" on realtime.messages for select to authenticated using (true);
                drop policy channel_room_send on realtime.messages;
                """#, to: sql)
        #expect(
            plan.changes.map(\.summary).sorted() == [
                "+ live changes public.room", "+ policy realtime.messages.channel_room_send",
                "- live changes public.Odd \"note\"",
            ])
    }

    /// Realtime's own schema is not the project's: nothing of it is read as a table or a schema.
    @Test func realtimeSchemaIsNotManaged() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        let catalog = try db.introspectCatalog()
        #expect(catalog.isEmpty)
        let owner = try db.query(
            """
            select pg_get_userbyid(pubowner) as owner from pg_publication where pubname = 'supabase_realtime'
            """
        ).rows.map { try $0.string("owner") }
        #expect(owner == ["postgres"])
    }
}

extension Schema {
    /// The same schema with `live` and channels removed where asked.
    func adjusted(live: Bool, channel: Bool) -> Schema {
        var copy = self
        copy.tables = tables.map { table in
            var table = table
            if !live { table.live = nil }
            if !channel { table.channels = [] }
            return table
        }
        return copy
    }
}

extension LiveTablesTests {
    /// Leaving Realtime loses no data: neither `rls plan` nor `rls apply` asks for --allow-destructive.
    @Test func takingATableOutOfRealtimeIsNotDestructive() throws {
        let plan = try PlanHarness.applyAndReplan(from: render(Self.schema()), to: render(Self.schema(live: false)))
        #expect(!plan.isEmpty)
        for step in plan.changes {
            #expect(!step.isDestructive)
            #expect(SQLStatement.split(step.sql).allSatisfy { $0.destructiveKinds.isEmpty }, "\(step.sql)")
        }
    }
}
