import ElectricRide
import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// A crew's private channel decided by memberships with roles (every member receives, admins and
/// owners send), and a notice board whose channel only moderators (an app_metadata role) send on.
/// Written for these tests, not the example.
enum CrewRoom {
    static func schema(senders: [String] = ["admin", "owner"]) -> Schema {
        Schema {
            EnumType("crew_role", values: "owner", "admin", "member")
            Table("crew") {
                Column("id", .bigint).identity().primaryKey()
                Column("name", .text)
            }
            .access(
                select: .members(of: "id", through: "crew_member"), update: .members(of: "id", through: "crew_member", roles: ["owner"])
            )
            .channel(
                "crew", receive: .members(of: "id", through: "crew_member"),
                send: .members(of: "id", through: "crew_member", roles: senders), features: [.broadcast])

            Table("crew_member") {
                Column("crew_id", .bigint).references("crew", onDelete: .cascade)
                Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
                Column("role", .enumeration("crew_role"))
                PrimaryKey("crew_id", "user_id")
            }
            .access(
                read: .members(of: "crew_id", through: "crew_member"),
                write: .members(of: "crew_id", through: "crew_member", roles: ["owner"]))

            Table("notice") {
                Column("id", .bigint).identity().primaryKey()
                Column("body", .text)
            }
            .access(read: .authenticated, write: .appRole(["moderator"]))
            .channel("notice", receive: .authenticated, send: .appRole(["moderator"]))
        }
    }

    static func checked(_ privileges: DefaultPrivileges, deployed: Schema = schema()) throws -> CheckReport {
        let (_, db) = try TestDatabase.make(privileges)
        defer { db.close() }
        try db.execute("begin;\n" + renderValidated(deployed) + "\ncommit;")
        return try AccessCheck.run(schema(), on: db)
    }
}

@Suite struct MembersChannelTests {
    /// Whether `persona` was let in on `prefix`'s topic of `topicOwner`'s row.
    static func observed(
        _ report: CheckReport, _ prefix: String, _ persona: String, _ action: ChannelProbe.Action, _ topicOwner: FixtureOwner
    ) -> Bool? {
        report.channels.first {
            $0.probe.channel.prefix == prefix && $0.probe.persona.description == persona && $0.probe.action == action
                && $0.probe.topicOwner == topicOwner
        }?.observed.permitted
    }

    @Test(arguments: DefaultPrivileges.allCases)
    func membersAndAppRoleChannelsAreProvenPerRole(privileges: DefaultPrivileges) throws {
        let report = try CrewRoom.checked(privileges)
        let text = MatrixReport(report).text
        #expect(report.passed, "\(text)")
        #expect(report.channels.allSatisfy { $0.verdict == .pass }, "\(text)")

        // The crew channel is probed by the group personas and carol; the notice channel by the moderator.
        let schema = CrewRoom.schema()
        let personas = Persona.checked(in: schema)
        let crewPersonas = Set(report.channels.filter { $0.probe.channel.prefix == "crew" }.map(\.probe.persona.description))
        let noticePersonas = Set(report.channels.filter { $0.probe.channel.prefix == "notice" }.map(\.probe.persona.description))
        #expect(crewPersonas == ["anon", "alice", "bob", "admin", "member", "carol", "service_role"])
        #expect(noticePersonas == ["anon", "alice", "bob", "moderator (app role)", "service_role"])
        #expect(personas.count == 8)
        // Each channel: its personas × receive/send × alice's and bob's topics.
        #expect(report.channels.count == (crewPersonas.count + noticePersonas.count) * 2 * 2)

        // Every member of alice's crew receives on its topic, none on bob's; only owners and admins send.
        #expect(Self.observed(report, "crew", "member", .receive, .alice) == true)
        #expect(Self.observed(report, "crew", "member", .receive, .bob) == false)
        #expect(Self.observed(report, "crew", "member", .send, .alice) == false)
        #expect(Self.observed(report, "crew", "admin", .send, .alice) == true)
        #expect(Self.observed(report, "crew", "admin", .send, .bob) == false)
        #expect(Self.observed(report, "crew", "alice", .send, .alice) == true)
        #expect(Self.observed(report, "crew", "bob", .receive, .alice) == false)
        #expect(Self.observed(report, "crew", "carol", .receive, .alice) == false)
        #expect(Self.observed(report, "crew", "carol", .send, .bob) == false)
        // Anyone signed in receives notices; only the moderator sends.
        #expect(Self.observed(report, "notice", "alice", .receive, .bob) == true)
        #expect(Self.observed(report, "notice", "alice", .send, .alice) == false)
        #expect(Self.observed(report, "notice", "moderator (app role)", .send, .bob) == true)
        #expect(Self.observed(report, "notice", "anon", .receive, .alice) == false)
        // The matrix shows the group personas' columns.
        #expect(text.contains("crew:<id>"), "\(text)")
        #expect(text.contains("member"), "\(text)")
    }

    /// The database lets every member send on the crew channel, the schema says owners and admins:
    /// check fails on exactly the plain member sending on its own crew's topic (alice, bob and the
    /// admin may send either way, so without role personas this passed).
    @Test(arguments: DefaultPrivileges.allCases)
    func downgradingTheSendersFailsOnThePlainMember(privileges: DefaultPrivileges) throws {
        let report = try CrewRoom.checked(privileges, deployed: CrewRoom.schema(senders: ["admin", "member", "owner"]))
        let text = MatrixReport(report).text
        #expect(!report.passed, "\(text)")
        #expect(report.channels.filter { $0.verdict == .mismatch }.map(\.probe.name) == ["channel crew · member · send · alice's topic"])
        #expect(report.channels.filter { $0.verdict == .unverified }.isEmpty)
        #expect(text.contains("✗ channel crew · member · send · alice's topic: expected no, got yes"), "\(text)")
        // The tables' probes are untouched by the channel's roles.
        #expect(report.mismatches.isEmpty, "\(text)")
    }

    /// The example's dealership channel with its send policy opened to any member (as a dashboard edit
    /// would): only the staff member sending on its dealership's topic tells, and check says so.
    @Test(arguments: DefaultPrivileges.allCases)
    func theExamplesStaffSendingFailsTheCheck(privileges: DefaultPrivileges) throws {
        let (_, db) = try TestDatabase.make(privileges)
        defer { db.close() }
        try db.execute("begin;\n" + renderValidated(ElectricRide.schema) + "\ncommit;")
        try db.execute(
            """
            alter policy "channel_dealership_send" on realtime.messages with check (
                extension = 'broadcast' and split_part((select realtime.topic()), ':', 1) = 'dealership'
                and exists (select 1 from public.dealership as d
                    where d.id::text = split_part((select realtime.topic()), ':', 2)
                      and d.id = any ((select private.current_user_dealership_ids(null))::bigint[])));
            """)
        let report = try AccessCheck.run(ElectricRide.schema, on: db)
        let text = MatrixReport(report).text
        #expect(!report.passed)
        #expect(
            report.channels.filter { $0.verdict != .pass }.map(\.probe.name) == ["channel dealership · staff · send · alice's topic"],
            "\(text)")
        #expect(report.mismatches.isEmpty, "\(text)")
    }

    /// Memberships only a channel reads (the tables themselves are open to signed-in users): the
    /// helper is still generated, the group personas still probe the channel, and roles still tell.
    @Test func membershipsOnlyAChannelReadsAreProven() throws {
        let schema = Schema {
            EnumType("band_role", values: "leader", "player")
            Table("band") {
                Column("id", .bigint).identity().primaryKey()
            }
            .access(read: .authenticated, write: .serviceRoleOnly)
            .channel(
                "band", receive: .members(of: "id", through: "band_member"),
                send: .members(of: "id", through: "band_member", roles: ["leader"]), features: [.presence])
            Table("band_member") {
                Column("band_id", .bigint).references("band", onDelete: .cascade)
                Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
                Column("role", .enumeration("band_role"))
                PrimaryKey("band_id", "user_id")
            }
            .access(read: .authenticated, write: .serviceRoleOnly)
        }
        let sql = try renderValidated(schema)
        #expect(sql.contains(#"create function "private"."current_user_band_ids""#))
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("begin;\n" + sql + "\ncommit;")
        let report = try AccessCheck.run(schema, on: db)
        let text = MatrixReport(report).text
        #expect(report.passed, "\(text)")
        #expect(Set(report.channels.map(\.probe.persona.description)) == ["anon", "alice", "bob", "player", "carol", "service_role"])
        #expect(Self.observed(report, "band", "player", .receive, .alice) == true)
        #expect(Self.observed(report, "band", "player", .send, .alice) == false)
        #expect(Self.observed(report, "band", "alice", .send, .alice) == true)
        #expect(Self.observed(report, "band", "carol", .receive, .alice) == false)
    }
}
