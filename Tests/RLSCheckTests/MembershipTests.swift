import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Teams with roles: organisations, memberships (owner, admin, member), courts owned by an
/// organisation and bookings of a court (one hop further). Written for these tests, not the example.
enum Teams {
    static func schema(courtWriters: [String] = ["admin", "owner"]) -> Schema {
        Schema {
            EnumType("team_role", values: "owner", "admin", "member")
            Table("organisation") {
                Column("id", .bigint).identity().primaryKey()
                Column("name", .text)
            }
            .access(select: .members(of: "id", through: "membership"), update: .members(of: "id", through: "membership", roles: ["owner"]))

            Table("membership") {
                Column("id", .bigint).identity().primaryKey()
                Column("org_id", .bigint).references("organisation", onDelete: .cascade)
                Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
                Column("role", .enumeration("team_role"))
                Unique("org_id", "user_id")
            }
            .access(
                read: .members(of: "org_id", through: "membership"),
                write: .members(of: "org_id", through: "membership", roles: ["admin", "owner"]))

            Table("court") {
                Column("id", .bigint).identity().primaryKey()
                Column("org_id", .bigint).references("organisation", onDelete: .cascade)
                Column("name", .text)
            }
            .access(
                read: .members(of: "org_id", through: "membership"),
                write: .members(of: "org_id", through: "membership", roles: courtWriters))

            Table("booking") {
                Column("id", .bigint).identity().primaryKey()
                Column("court_id", .bigint).references("court", onDelete: .cascade)
                Column("starts_at", .timestamptz)
            }
            .access(read: .members(of: "court_id", through: "membership"), write: .members(of: "court_id", through: "membership"))
        }
    }
}

@Suite struct MembershipTests {
    @Test(arguments: [DefaultPrivileges.none, .legacyGrantAll])
    func teamsPassTheCheck(_ privileges: DefaultPrivileges) throws {
        let schema = Teams.schema()
        let (_, db) = try TestDatabase.make(privileges)
        try db.execute("begin;\n" + renderValidated(schema) + "\ncommit;")
        let report = try AccessCheck.run(schema, on: db)
        let text = MatrixReport(report).text
        #expect(report.passed, "\(text)")
        #expect(report.personas.map(\.description) == ["anon", "alice", "bob", "admin", "member", "carol", "service_role"])
        // The admin of alice's organisation changes its courts; a plain member and carol do not.
        let courtUpdates = report.results.filter {
            $0.probe.table == "public.court" && $0.probe.operation == .update && $0.probe.target == .row(.alice)
        }
        #expect(courtUpdates.first { $0.probe.persona.description == "admin" }?.observed == .allowed)
        #expect(courtUpdates.first { $0.probe.persona.description == "member" }?.observed == .filtered)
        #expect(courtUpdates.first { $0.probe.persona.description == "carol" }?.observed == .filtered)
        // Bookings are one hop away: every member of alice's organisation reads alice's, nobody else's.
        let bookingReads = report.results.filter { $0.probe.table == "public.booking" && $0.probe.operation == .select }
        #expect(bookingReads.first { $0.probe.persona.description == "member" }?.observed == .rows([.alice]))
        #expect(bookingReads.first { $0.probe.persona.description == "bob" }?.observed == .rows([.bob]))
        #expect(bookingReads.first { $0.probe.persona.description == "carol" }?.observed == .rows([]))
    }

    /// The database lets every member manage courts, the schema says admins and owners: check fails on
    /// the plain member's writes (alice and bob are owners, so without role personas this passed).
    @Test func membersManagingWhatAdminsShouldFailsTheCheck() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Teams.schema(courtWriters: ["admin", "member", "owner"])) + "\ncommit;")
        let report = try AccessCheck.run(Teams.schema(), on: db)
        let text = MatrixReport(report).text
        #expect(!report.passed)
        let wrong = report.mismatches.filter { $0.probe.table == "public.court" }
        #expect(Set(wrong.map(\.probe.persona.description)) == ["member"], "\(text)")
        #expect(Set(wrong.map(\.probe.operation)) == [.insert, .update, .delete], "\(text)")
        #expect(text.contains("✗ public.court · member · update"), "\(text)")
    }

    @Test func helperIsPrivateDefinerAndNotForAnon() throws {
        let schema = Teams.schema()
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(schema) + "\ncommit;")
        let row = try db.query(
            """
            select p.prosecdef as definer, p.proconfig::text as config, n.nspname as schema,
                   has_function_privilege('anon', p.oid, 'execute') as anon,
                   has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
                   has_schema_privilege('anon', n.oid, 'usage') as anon_usage
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace where p.proname = 'current_user_org_ids'
            """
        ).first
        #expect(row?["definer"] == "t")
        #expect(row?["config"] == #"{"search_path=\"\""}"#)
        #expect(row?["schema"] == "private")
        #expect(row?["anon"] == "f")
        #expect(row?["authenticated"] == "t")
        #expect(row?["anon_usage"] == "f")
        // The policy calls it once per statement (an InitPlan) and the court index serves the filter.
        try db.execute("insert into public.organisation (name) select 'org ' || g from generate_series(1, 200) g")
        try db.execute(
            "insert into public.court (org_id, name) select o.id, 'court ' || g from public.organisation o, generate_series(1, 50) g")
        try db.execute("analyze public.court")
        try db.execute("begin")
        defer { _ = try? db.execute("rollback") }
        try db.execute(
            "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', '{\"sub\":\"a11ce000-0000-4000-8000-000000000001\"}', true)"
        )
        let plan = try db.query("explain select * from public.court").rows.compactMap { $0[0] }.joined(separator: "\n")
        #expect(plan.contains("InitPlan"), "\(plan)")
        #expect(plan.contains("court_org_id_idx"), "\(plan)")
    }

    @Test func membershipTableWithoutRoleColumnIsRefusedWhenRolesAreNamed() throws {
        let schema = Schema {
            Table("team") { Column("id", .bigint).identity().primaryKey() }
            Table("team_member") {
                Column("team_id", .bigint).references("team")
                Column("user_id", .uuid).references(.authUsers)
                PrimaryKey("team_id", "user_id")
            }
            Table("note") {
                Column("id", .bigint).identity().primaryKey()
                Column("team_id", .bigint).references("team")
            }
            .access(.members(of: "team_id", through: "team_member", roles: ["admin"]))
        }
        let error = #expect(throws: SchemaValidationError.self) { try schema.validate() }
        #expect(error?.errors.contains { $0.message.contains("has no role column") } == true, "\(String(describing: error))")
    }

    @Test func undeclaredMembershipTableIsNamed() throws {
        let schema = Schema {
            Table("team") { Column("id", .bigint).identity().primaryKey() }
            Table("note") {
                Column("id", .bigint).identity().primaryKey()
                Column("team_id", .bigint).references("team")
            }
            .access(.members(of: "team_id", through: "team_members"))
        }
        let error = #expect(throws: SchemaValidationError.self) { try schema.validate() }
        #expect(error?.errors.contains { $0.message.contains("team_members, which the schema does not declare") } == true)
    }
}

/// Names and roles a user might really write: quotes, spaces, a role with an apostrophe.
@Suite struct AwkwardMembershipTests {
    static let schema = Schema {
        Table("club \"A\"") {
            Column("id", .bigint).identity().primaryKey()
        }
        .access(select: .members(of: "id", through: "club members"))
        Table("club members") {
            Column("club id", .bigint).references("club \"A\"", onDelete: .cascade)
            Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
            Column("role", .text)
            PrimaryKey("club id", "user_id")
        }
        .access(
            read: .members(of: "club id", through: "club members"),
            write: .members(of: "club id", through: "club members", roles: ["it's the boss"]))
    }

    @Test func quotedNamesAndRolesPassTheCheck() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Self.schema) + "\ncommit;")
        let report = try AccessCheck.run(Self.schema, on: db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        // A text role column: the roles the plans name are the only ones; alice and bob hold the boss role.
        #expect(report.personas.map(\.description) == ["anon", "alice", "bob", "carol", "service_role"])
    }

    /// A membership column called `roles`, as the helper's parameter is: the helper filters by the
    /// roles a plan names, not by the column (a SQL helper took the column; an unqualified PL/pgSQL
    /// one would fail with 42702).
    @Test func aMembershipColumnNamedLikeTheHelpersParameter() throws {
        let schema = Schema {
            Table("studio") {
                Column("id", .bigint).identity().primaryKey()
                Column("name", .text)
            }
            .access(
                select: .members(of: "id", through: "studio_member"),
                update: .members(of: "id", through: "studio_member", roles: ["owner"]),
                delete: .members(of: "id", through: "studio_member", roles: ["member", "owner"]))
            Table("studio_member") {
                Column("studio_id", .bigint).references("studio", onDelete: .cascade)
                Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
                Column("role", .text)
                Column("roles", .array(.text))
                PrimaryKey("studio_id", "user_id")
            }
            .access(read: .members(of: "studio_id", through: "studio_member"), write: .members(of: "studio_id", through: "studio_member"))
        }
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(schema) + "\ncommit;")
        let report = try AccessCheck.run(schema, on: db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        // The plain member of alice's studio deletes its row but does not update it; alice (an owner) does both.
        let studio = report.results.filter { $0.probe.table == "public.studio" && $0.probe.target == .row(.alice) }
        let member = studio.filter { $0.probe.persona.description == "member" }
        #expect(member.first { $0.probe.operation == .update }?.observed == .filtered)
        #expect(member.first { $0.probe.operation == .delete }?.observed == .allowed)
        #expect(studio.first { $0.probe.persona.description == "alice" && $0.probe.operation == .update }?.observed == .allowed)
    }

    @Test func aHelperNameOverPostgresLimitIsRefused() throws {
        let long = String(repeating: "g", count: 60) + "_id"
        let schema = Schema {
            Table("grp") { Column("id", .bigint).identity().primaryKey() }
            Table("member") {
                Column(long, .bigint).references("grp")
                Column("user_id", .uuid).references(.authUsers)
                PrimaryKey(long, "user_id")
            }
            .access(.members(of: long, through: "member"))
        }
        let error = #expect(throws: SchemaValidationError.self) { try schema.validate() }
        #expect(error?.errors.contains { $0.kind == .identifierTooLong } == true, "\(String(describing: error))")
    }
}
