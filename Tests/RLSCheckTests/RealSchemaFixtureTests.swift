import RLSCheck
import RLSModel
import RLSTestSupport
import Testing

/// Fixture rows for tables as real apps declare them: unique pairs over small enums (Supabase's
/// role-based access guide), check constraints on usernames and ranges, storage policies that
/// cast the file's name or folder to uuid.
@Suite struct RealSchemaFixtureTests {
    /// Supabase's custom-claims guide: two enums of two values, a unique pair over them, and the
    /// users' roles with a unique (user, role) pair.
    static let roles = Schema {
        EnumType("app_role", values: "admin", "moderator")
        EnumType("app_permission", values: "channels.delete", "messages.delete")
        Table("role_permissions") {
            Column("id", .bigint).identity(.byDefault).primaryKey()
            Column("role", .enumeration("app_role"))
            Column("permission", .enumeration("app_permission"))
            Unique("role", "permission")
        }
        .access(.authenticated)
        Table("user_roles") {
            Column("id", .bigint).identity(.byDefault).primaryKey()
            Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
            Column("role", .enumeration("app_role"))
            Column("active", .boolean).default(true)
            Unique("user_id", "role")
        }
        .access(.owner(column: "user_id"))
        Table("permission_flags") {
            Column("permission", .enumeration("app_permission"))
            Column("enabled", .boolean)
            PrimaryKey("permission", "enabled")
        }
        .access(read: .authenticated, write: .serviceRoleOnly)
    }

    @Test func uniquePairOverTwoEnumsChecksGreenOnAnEmptyTable() throws {
        let (_, db) = try ExampleDatabase.make(Self.roles)
        let report = try ExampleDatabase.check(db, Self.roles)
        #expect(report.passed, "\(MatrixReport(report).text)")
    }

    /// Three of the four pairs are taken (the guide's seed), another user holds both roles, every
    /// flag is taken: the fixtures take what is free and adopt existing rows where nothing is.
    @Test func uniquePairOverTwoEnumsChecksGreenWhenTheTableHoldsRows() throws {
        let (_, db) = try ExampleDatabase.make(Self.roles)
        try db.execute(
            """
            insert into public.role_permissions (role, permission) values
              ('admin', 'channels.delete'), ('admin', 'messages.delete'), ('moderator', 'messages.delete');
            insert into auth.users (id, email) values ('0d0d0d0d-0000-4000-8000-000000000001', 'd@x');
            insert into public.user_roles (user_id, role) values
              ('0d0d0d0d-0000-4000-8000-000000000001', 'admin'), ('0d0d0d0d-0000-4000-8000-000000000001', 'moderator');
            insert into public.permission_flags values
              ('channels.delete', true), ('channels.delete', false), ('messages.delete', true), ('messages.delete', false);
            """)
        let report = try ExampleDatabase.check(db, Self.roles)
        #expect(report.passed, "\(MatrixReport(report).text)")
        let count = try db.query("select count(*) as n from public.role_permissions").first?["n"]
        #expect(count == "3", "the check leaves the table as it found it")
    }

    /// Check constraints as written in the DSL and as `pg_get_constraintdef` prints them after a pull.
    static let profiles = Schema {
        Table("profiles") {
            Column("id", .uuid).primaryKey().references(.authUsers, onDelete: .cascade)
            Column("username", .text).unique()
            Column("handle", .varchar(12))
            Column("age", .integer)
            Column("plan", .text)
            Column("tier", .text)
            Column("region", .varchar(10))
            Column("score", .numeric(nil, nil))
            Column("starts_on", .date)
            Column("ends_on", .date)
            Column("email", .text)
            Column("website", .text)
            Column("nickname", .text)
            Column("nan", .integer)  // a column name Double would read as a number
            Column("born_on", .date)
            Column("joined_at", .timestamptz)
            CheckConstraint("username_length", SQL(raw: "char_length(username) >= 3 and char_length(username) <= 20"))
            CheckConstraint("username_format", SQL(raw: "username ~ '^[a-z0-9_]+$'"))
            CheckConstraint("handle_format", SQL(raw: "((length(handle) >= 4) AND (handle ~* '^[a-z][a-z0-9]*$'::text))"))
            CheckConstraint("age_range", SQL(raw: "age between 13 and 120"))
            CheckConstraint("plan_known", SQL(raw: "plan in ('free', 'pro')"))
            CheckConstraint("tier_known", SQL(raw: "(tier = ANY (ARRAY['bronze'::text, 'silver'::text]))"))
            CheckConstraint(
                "region_known",
                SQL(raw: "((region)::text = ANY ((ARRAY['north'::character varying, 'south'::character varying])::text[]))"))
            CheckConstraint("score_positive", SQL(raw: "(score > (0)::numeric) AND (score < (10)::numeric)"))
            CheckConstraint("dates_ordered", SQL(raw: "ends_on > starts_on"))
            CheckConstraint("email_format", SQL(raw: #"email ~* '^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$'"#))
            CheckConstraint("website_format", SQL(raw: "(website ~ '^https?://'::text)"))
            CheckConstraint("nan_floor", SQL(raw: "nan >= 500"))
            CheckConstraint("nickname_letters", SQL(raw: "nickname ~ '^[a-z]+$'"))
            CheckConstraint("born_in_the_past", SQL(raw: "born_on <= CURRENT_DATE"))
            CheckConstraint("joined_in_the_past", SQL(raw: "(joined_at < now())"))
        }
        .access(read: .authenticated, write: .owner(column: "id"))
    }

    @Test func simpleCheckConstraintsNeedNoHandWrittenFixture() throws {
        let (_, db) = try ExampleDatabase.make(Self.profiles)
        let report = try ExampleDatabase.check(db, Self.profiles)
        #expect(report.passed, "\(MatrixReport(report).text)")
    }

    /// A one-row configuration table keyed by `id boolean primary key default true check (id)`, as
    /// pulled (the check as the server prints it), empty or holding its row.
    @Test func oneRowConfigTableKeyedByTrue() throws {
        let schema = Schema {
            Table("config", schema: "app") {
                Column("id", .boolean).default(true).primaryKey()
                Column("invitation_ttl_days", .integer).default(7)
                CheckConstraint("config_id_check", SQL(raw: "id"))
            }
            .access(read: .authenticated, write: .serviceRoleOnly)
            SchemaUsage("app", by: .authenticated, .serviceRole)
        }
        let (_, empty) = try ExampleDatabase.make(schema)
        let report = try ExampleDatabase.check(empty, schema)
        #expect(report.passed, "\(MatrixReport(report).text)")
        let (_, filled) = try ExampleDatabase.make(schema)
        try filled.execute("insert into app.config (invitation_ttl_days) values (14)")
        let again = try ExampleDatabase.check(filled, schema)
        #expect(again.passed, "\(MatrixReport(again).text)")
    }

    /// A condition the generator cannot read: the refusal names the table, the column and the override.
    @Test func unreadableCheckNamesTheColumn() throws {
        let schema = Schema {
            Table("rating") {
                Column("id", .bigint).identity().primaryKey()
                Column("owner_id", .uuid).references(.authUsers)
                Column("stars", .smallint)
                CheckConstraint("rating_stars_magic", SQL(raw: "stars = 6 * 7"))
            }
            .access(.owner(column: "owner_id"))
        }
        let (_, db) = try ExampleDatabase.make(schema)
        let error = #expect(throws: CheckError.self) { try ExampleDatabase.check(db, schema) }
        #expect(error?.message.contains("fixture row for public.rating was refused") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("rating_stars_magic") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("public.rating.stars") == true, "\(error?.message ?? "")")
    }

    /// A unique column left to its constant default: both sides' rows would share it, and the
    /// refusal names the column that needs a value of its own.
    @Test func uniqueColumnLeftToItsDefaultIsNamed() throws {
        let schema = Schema {
            Table("page") {
                Column("id", .bigint).identity().primaryKey()
                Column("owner_id", .uuid).references(.authUsers)
                Column("slug", .text).default("home").unique()
            }
            .access(.owner(column: "owner_id"))
        }
        let (_, db) = try ExampleDatabase.make(schema)
        let error = #expect(throws: CheckError.self) { try ExampleDatabase.check(db, schema) }
        #expect(error?.message.contains("public.page.slug a value of its own") == true, "\(error?.message ?? "")")
    }

    /// Naming policies that cast the file's name (without its extension) and the owner's folder to
    /// uuid: the probes' objects are `<folder>/<uuid>.txt`, so the verdicts are the plans'.
    @Test func bucketWhosePoliciesCastNamesToUUIDChecksGreen() throws {
        let report = try StorageCheckTests.checked(
            after: """
                create policy "uuid names" on storage.objects as restrictive for all to authenticated
                  using (split_part(storage.filename(name), '.', 1)::uuid is not null
                    and case when bucket_id = 'avatars' then (storage.foldername(name))[1]::uuid is not null else true end)
                  with check (split_part(storage.filename(name), '.', 1)::uuid is not null
                    and case when bucket_id = 'avatars' then (storage.foldername(name))[1]::uuid is not null else true end);
                """)
        #expect(report.passed, "\(report.files.filter { $0.verdict != .pass }.map { "\($0.probe.name): \($0.observed)" })")
        #expect(StorageCheckTests.observed(report, "avatars", "alice", .upload) == ["alice:yes", "bob:no"])
        #expect(StorageCheckTests.observed(report, "avatars", "bob", .delete) == ["alice:no", "bob:yes"])
        #expect(StorageCheckTests.observed(report, "flyers", "anon", .read) == ["alice:yes", "bob:yes"])
    }
}
