import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// `rls check` on live tables and private channels: who would receive each table's changes, and
/// who may receive and send on each channel, on own and others' topics.
@Suite struct RealtimeCheckTests {
    static let schema = Schema {
        Table("room") {
            Column("id", .bigint).identity().primaryKey()
            Column("host_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
            Column("title", .text)
        }
        .access(read: .authenticated, write: .owner(column: "host_id"))
        .live()
        .channel("room", receive: .owner(column: "host_id"), send: .owner(column: "host_id"))
        Table("diary") {
            Column("id", .uuid).default(.randomUUID).primaryKey()
            Column("room_id", .bigint).references("room", onDelete: .cascade)
            Column("entry", .text)
        }
        .access(.owner(through: "room_id"))
        .live(oldRows: true)
        .channel("diary", receive: .owner(through: "room_id"), features: [.presence])
    }

    static func checked(_ privileges: DefaultPrivileges, breaking: String? = nil) throws -> CheckReport {
        let (_, db) = try TestDatabase.make(privileges)
        defer { db.close() }
        try db.execute("begin;\n" + render(schema) + "\ncommit;")
        if let breaking { try db.execute(breaking) }
        return try AccessCheck.run(schema, on: db)
    }

    @Test(arguments: DefaultPrivileges.allCases)
    func liveTablesAndChannelsAreProven(privileges: DefaultPrivileges) throws {
        let report = try Self.checked(privileges)
        let text = MatrixReport(report).text
        #expect(report.passed, "\(text)")
        #expect(text.contains("bob receives changes to own rows only"))
        let deliveries = Dictionary(uniqueKeysWithValues: report.liveDeliveries.map { ($0.table.name, $0) })
        #expect(deliveries["room"]?.sentence(for: .anon) == "anon receives no changes")
        #expect(deliveries["room"]?.sentence(for: .user(.alice)) == "alice receives changes to own and others' rows")
        #expect(deliveries["diary"]?.sentence(for: .user(.bob)) == "bob receives changes to own rows only")
        #expect(deliveries["diary"]?.sentence(for: .serviceRole) == "service_role receives changes to every row")
        #expect(text.contains("Live changes (delivered to whoever may select the changed row)"))

        // 2 channels × 4 personas × receive/send × 2 topics.
        #expect(report.channels.count == 32)
        func observed(_ prefix: String, _ persona: Persona, _ action: ChannelProbe.Action, own: Bool) -> Bool? {
            report.channels.first {
                $0.probe.channel.prefix == prefix && $0.probe.persona == persona && $0.probe.action == action
                    && ($0.probe.topicOwner == persona.fixtureOwner) == own
            }?.observed.permitted
        }
        #expect(observed("room", .user(.alice), .receive, own: true) == true)
        #expect(observed("room", .user(.alice), .receive, own: false) == false)
        #expect(observed("room", .user(.bob), .send, own: false) == false)
        #expect(observed("room", .anon, .receive, own: false) == false)
        #expect(observed("diary", .user(.bob), .receive, own: false) == false)
        #expect(observed("diary", .user(.bob), .receive, own: true) == true)
        #expect(observed("diary", .user(.bob), .send, own: true) == false)
        #expect(observed("room", .serviceRole, .send, own: false) == true)
        #expect(report.channels.allSatisfy { $0.verdict == .pass })
    }

    /// A dashboard policy that opens every room channel to any signed-in user is caught.
    @Test func aChannelOpenedInTheDashboardIsAMismatch() throws {
        let report = try Self.checked(
            .none,
            breaking: """
                create policy "anyone signed in joins any room" on realtime.messages
                    for select to authenticated using (split_part((select realtime.topic()), ':', 1) = 'room');
                """)
        #expect(!report.passed, "\(MatrixReport(report).text)")
        let wrong = report.channels.filter { $0.verdict == .mismatch }
        #expect(
            wrong.map(\.probe.name).sorted() == [
                "channel room · alice · receive · other's topic", "channel room · bob · receive · other's topic",
            ])
        #expect(MatrixReport(report).text.contains("✗ channel room · alice · receive · other's topic: expected no, got yes"))
        let tap = TAPReport(report).text
        #expect(
            tap.contains("not ok") && tap.contains(" - channel room · alice · receive · other's topic\n  ---\n  expected: \"no\""), "\(tap)"
        )
        #expect(tap.contains("1..\(report.results.count + report.channels.count)\n"))
        let json = JSONReport(report).text
        #expect(json.contains("\"channels\": ["))
        #expect(json.contains("\"verdict\": \"mismatch\""))
        let junit = JUnitReport(report).text
        #expect(junit.contains(#"<testsuite name="channels" tests="32" failures="2" errors="0" skipped="0">"#), "\(junit)")
        #expect(junit.contains(#"<failure message="expected no, got yes" type="mismatch">"#))
    }

    /// A live table whose read policy was dropped delivers to nobody, and the report says so.
    @Test func aLiveTableNobodyMayReadDeliversNothing() throws {
        let report = try Self.checked(.none, breaking: #"drop policy "select_authenticated" on public.room;"#)
        let room = try #require(report.liveDeliveries.first { $0.table.name == "room" })
        #expect(room.sentence(for: .user(.alice)) == "alice receives no changes")
        #expect(!report.passed, "\(MatrixReport(report).text)")
    }

    /// Quotes and backslashes in the table name and the topic prefix travel through the channel
    /// policies and the probes' topics.
    @Test func awkwardNamesAndTopics() throws {
        let schema = Schema {
            Table(#"odd"room\x"#) {
                Column("id", .bigint).identity().primaryKey()
                Column("host_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
            }
            .access(read: .authenticated, write: .owner(column: "host_id"))
            .live(oldRows: true)
            .channel(#"it's \"odd\""#, receive: .owner(column: "host_id"), send: .owner(column: "host_id"))
        }
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("begin;\n" + render(schema) + "\ncommit;")
        let report = try AccessCheck.run(schema, on: db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        #expect(report.channels.count == 16)
        #expect(report.channels.filter { $0.observed.permitted == true }.count == 8, "own topics for alice and bob, all for service_role")
    }
}
