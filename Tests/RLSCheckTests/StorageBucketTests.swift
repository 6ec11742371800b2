import RLSCatalog
import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Buckets: their rows and their policies on `storage.objects`, applied to a Supabase-shaped database
/// and tried as each user (upload, read, overwrite, delete in their own and others' folders).
enum Harbour {
    static let schema = Schema {
        EnumType("crew_role", values: "admin", "member")
        Table("crew") {
            Column("id", .bigint).primaryKey()
            Column("name", .text)
        }
        .access(
            select: .members(of: "id", through: "crew_member"), insert: .serviceRoleOnly,
            update: .members(of: "id", through: "crew_member", roles: ["admin"]), delete: .serviceRoleOnly)
        Table("crew_member") {
            Column("crew_id", .bigint).references("crew", onDelete: .cascade)
            Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
            Column("role", .enumeration("crew_role")).default("member")
            PrimaryKey("crew_id", "user_id")
        }
        .access(.members(of: "crew_id", through: "crew_member", roles: ["admin"]))
        Table("boat") {
            Column("id", .bigint).primaryKey()
            // A column called name: the policy must still read the file's name, not the boat's.
            Column("name", .text)
            Column("skipper_id", .uuid).references(.authUsers)
            Column("crew_id", .bigint).nullable().references("crew", onDelete: .setNull)
        }
        .access(read: .authenticated, write: .owner(column: "skipper_id"))
        Bucket("avatars", public: true, fileSizeLimit: 1_048_576, allowedMimeTypes: ["image/png", "image/jpeg"])
            .access(.ownerFolder)
        Bucket("boat-photos")
            .access(
                read: .authenticated,
                write: .rowFolder(
                    of: "boat", .owner(column: "skipper_id"), .members(of: "crew_id", through: "crew_member", roles: ["admin"])))
        Bucket("flyers", public: true).access(select: .public, insert: .authenticated)
        Bucket("invoices").access(.serviceRoleOnly)
    }

    static let alice = Persona.User.alice, bob = Persona.User.bob, carol = Persona.User.carol

    /// Alice skippers boat 1 (crew 10, where carol is admin); bob skippers boat 2 (no crew).
    static func database(_ privileges: DefaultPrivileges = .none) throws -> Connection {
        let (_, db) = try TestDatabase.make(privileges)
        try db.execute("begin;\n" + renderValidated(schema) + "\ncommit;")
        try db.execute(
            """
            insert into auth.users (id, email) values ('\(alice.id)', 'a@x'), ('\(bob.id)', 'b@x'), ('\(carol.id)', 'c@x');
            insert into public.crew (id, name) values (10, 'Gulls');
            insert into public.crew_member (crew_id, user_id, role) values (10, '\(carol.id)', 'admin'), (10, '\(bob.id)', 'member');
            insert into public.boat (id, name, skipper_id, crew_id) values (1, '1', '\(alice.id)', 10), (2, '2', '\(bob.id)', null);
            insert into storage.objects (bucket_id, name) values
                ('avatars', '\(alice.id)/face.png'), ('avatars', '\(bob.id)/face.png'),
                ('boat-photos', '1/bow.jpg'), ('boat-photos', '2/bow.jpg'), ('flyers', 'summer.pdf'), ('invoices', 'a.pdf');
            """)
        return db
    }

    /// Runs `sql` as `persona` in a transaction that is rolled back: the rows it touched, or the SQLSTATE it failed with.
    /// `sql` as the Storage API runs it for `persona`: deletes pass the storage service's guard
    /// against deleting in SQL (the API sets `storage.allow_delete_query`), so RLS decides.
    static func attempt(_ sql: String, as persona: Persona, on db: Connection) throws -> String {
        try db.execute("begin")
        defer { try? db.execute("rollback") }
        try db.execute("select set_config('storage.allow_delete_query', 'true', true)")
        try Impersonation.become(persona, on: db)
        do {
            let result = try db.query(sql + " returning name")
            return "\(result.rows.count)"
        } catch let error as DatabaseError {
            return error.sqlState ?? "error"
        }
    }

    static func readable(_ bucket: String, as persona: Persona, on db: Connection) throws -> [String] {
        try db.execute("begin")
        defer { try? db.execute("rollback") }
        try Impersonation.become(persona, on: db)
        return try db.query("select name from storage.objects where bucket_id = '\(bucket)' order by name").rows.map {
            try $0.string("name")
        }
    }
}

@Suite struct StorageBucketTests {
    @Test(arguments: [DefaultPrivileges.none, .legacyGrantAll])
    func ownerFolderBucketLetsUsersWriteOnlyTheirOwnFolder(_ privileges: DefaultPrivileges) throws {
        let db = try Harbour.database(privileges)
        let alice = Persona.user(Harbour.alice)
        let bob = Persona.user(Harbour.bob)
        let aliceFolder = Harbour.alice.id
        let bobFolder = Harbour.bob.id
        #expect(
            try Harbour.attempt(
                "insert into storage.objects (bucket_id, name) values ('avatars', '\(aliceFolder)/new.png')", as: alice, on: db) == "1")
        #expect(
            try Harbour.attempt(
                "insert into storage.objects (bucket_id, name) values ('avatars', '\(bobFolder)/new.png')", as: alice, on: db) == "42501")
        #expect(
            try Harbour.attempt(
                "insert into storage.objects (bucket_id, name) values ('avatars', '\(aliceFolder)/new.png')", as: .anon, on: db) == "42501")
        #expect(try Harbour.readable("avatars", as: alice, on: db) == ["\(aliceFolder)/face.png"])
        #expect(try Harbour.readable("avatars", as: .anon, on: db) == [])
        #expect(try Harbour.attempt("update storage.objects set version = 'v2' where bucket_id = 'avatars'", as: alice, on: db) == "1")
        #expect(
            try Harbour.attempt(
                "update storage.objects set name = '\(bobFolder)/moved.png' where name = '\(aliceFolder)/face.png'", as: alice, on: db)
                == "42501")
        #expect(try Harbour.attempt("delete from storage.objects where bucket_id = 'avatars'", as: bob, on: db) == "1")
        // The service key bypasses RLS: the backend reaches every bucket.
        #expect(try Harbour.readable("invoices", as: .serviceRole, on: db) == ["a.pdf"])
        #expect(try Harbour.readable("invoices", as: alice, on: db) == [])
    }

    @Test func rowFolderBucketFollowsTheRowsOwnerAndTheCrewsAdmins() throws {
        let db = try Harbour.database()
        let alice = Persona.user(Harbour.alice)
        let bob = Persona.user(Harbour.bob)
        let carol = Persona.user(Harbour.carol)
        func upload(_ folder: String, as persona: Persona) throws -> String {
            try Harbour.attempt(
                "insert into storage.objects (bucket_id, name) values ('boat-photos', '\(folder)/stern.jpg')", as: persona, on: db)
        }
        #expect(try upload("1", as: alice) == "1")  // skipper of boat 1
        #expect(try upload("2", as: alice) == "42501")
        #expect(try upload("1", as: carol) == "1")  // admin of boat 1's crew
        #expect(try upload("2", as: carol) == "42501")
        #expect(try upload("1", as: bob) == "42501")  // a plain member of the crew
        #expect(try upload("2", as: bob) == "1")
        #expect(try upload("3", as: bob) == "42501")  // no such boat
        #expect(try Harbour.readable("boat-photos", as: bob, on: db) == ["1/bow.jpg", "2/bow.jpg"])
        #expect(try Harbour.readable("boat-photos", as: .anon, on: db) == [])
        #expect(try Harbour.attempt("delete from storage.objects where bucket_id = 'boat-photos'", as: carol, on: db) == "1")
        #expect(try Harbour.attempt("update storage.objects set version = 'v2' where bucket_id = 'boat-photos'", as: alice, on: db) == "1")
        // A public bucket with a read plan lists to anyone; uploads need a sign-in.
        #expect(try Harbour.readable("flyers", as: .anon, on: db) == ["summer.pdf"])
        #expect(
            try Harbour.attempt("insert into storage.objects (bucket_id, name) values ('flyers', 'x.pdf')", as: .anon, on: db) == "42501")
        #expect(try Harbour.attempt("insert into storage.objects (bucket_id, name) values ('flyers', 'x.pdf')", as: bob, on: db) == "1")
    }

    @Test func bucketRowsCarryTheDeclaredSettingsAndReadBack() throws {
        let db = try Harbour.database()
        let buckets = try db.introspectCatalog().environment.buckets ?? []
        #expect(buckets.map(\.id) == ["avatars", "boat-photos", "flyers", "invoices"])
        let avatars = buckets.first { $0.id == "avatars" }
        #expect(
            avatars
                == Catalog.Bucket(
                    id: "avatars", name: "avatars", isPublic: true, fileSizeLimit: 1_048_576, allowedMimeTypes: ["image/png", "image/jpeg"])
        )
        #expect(buckets.first { $0.id == "invoices" } == Catalog.Bucket(id: "invoices", name: "invoices", isPublic: false))
    }

    @Test func diffCreatesBucketsAndPoliciesThenNothingAndDropsRemovedPolicies() throws {
        let cluster = try TestDatabase.cluster
        let sql = try renderValidated(Harbour.schema)
        let first = try Drift.migrationPlan(migrations: [], desiredSQL: sql, scratch: cluster)
        let summaries = first.changes.map(\.summary)
        #expect(summaries.contains("+ bucket avatars"))
        #expect(summaries.contains("+ policy storage.objects.bucket_boat-photos_insert"))
        let bucketIndex = try #require(summaries.firstIndex(of: "+ bucket avatars"))
        let policyIndex = try #require(summaries.firstIndex(of: "+ policy storage.objects.bucket_avatars_select"))
        #expect(bucketIndex < policyIndex)
        let applied = [SQLScript(name: "1_initial.sql", sql: first.sql)]
        #expect(try Drift.migrationPlan(migrations: applied, desiredSQL: sql, scratch: cluster).isEmpty)

        // The flyers bucket becomes private and loses its upload plan; invoices disappears from the schema.
        var changed = Harbour.schema
        changed.buckets = changed.buckets.filter { $0.id != "invoices" }.map { bucket in
            bucket.id == "flyers" ? Bucket("flyers").access(select: .public) : bucket
        }
        let second = try Drift.migrationPlan(migrations: applied, desiredSQL: renderValidated(changed), scratch: cluster)
        #expect(second.changes.map(\.summary) == ["- policy storage.objects.bucket_flyers_insert", "~ bucket flyers"])
        let next = applied + [SQLScript(name: "2_private_flyers.sql", sql: second.sql)]
        #expect(try Drift.migrationPlan(migrations: next, desiredSQL: renderValidated(changed), scratch: cluster).isEmpty)
    }

    /// Issue 32: removing a bucket from the schema never writes a DELETE (Supabase's guard refuses it
    /// and the files live outside the database); the migration drops the policies and says, once,
    /// how to remove the bucket itself.
    @Test func aBucketNoLongerDeclaredKeepsItsRowAndTheMigrationSaysHowToRemoveIt() throws {
        let cluster = try TestDatabase.cluster
        let first = try Drift.migrationPlan(migrations: [], desiredSQL: renderValidated(Harbour.schema), scratch: cluster)
        let applied = [SQLScript(name: "1_initial.sql", sql: first.sql)]
        var changed = Harbour.schema
        changed.buckets = changed.buckets.filter { $0.id != "avatars" }
        let second = try Drift.migrationPlan(migrations: applied, desiredSQL: renderValidated(changed), scratch: cluster)
        let drops = second.changes.filter { $0.name.hasPrefix("storage.objects.bucket_avatars_") }
        #expect(!drops.isEmpty && drops.allSatisfy { $0.kind == .drop }, "\(second.changes.map(\.summary))")
        #expect(!second.changes.contains { $0.object == .bucket }, "\(second.changes.map(\.summary))")
        #expect(!second.sql.lowercased().contains("delete from"), "\(second.sql)")
        let note = #"-- Bucket "avatars" is no longer declared: its policies are dropped, the bucket and its files stay."#
        #expect(second.sql.components(separatedBy: note).count == 2, "said once:\n\(second.sql)")
        #expect(second.sql.contains("delete it through the Storage API or the dashboard"))

        // The file applies where Supabase's delete guard is installed, and the plan is then empty.
        let (_, db) = try TestDatabase.make()
        try db.execute(first.sql)
        try db.execute(second.sql)
        let left = try db.query("select count(*)::int as n from storage.buckets where id = 'avatars'").rows
        #expect(try left[0].int("n") == 1)
        let next = applied + [SQLScript(name: "2_no_avatars.sql", sql: second.sql)]
        #expect(try Drift.migrationPlan(migrations: next, desiredSQL: renderValidated(changed), scratch: cluster).isEmpty)
    }

    @Test func undeclaredStoragePoliciesAndBucketsStay() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute(
            """
            insert into storage.buckets (id, name) values ('dashboard', 'dashboard');
            create policy "Dashboard uploads" on storage.objects for insert to authenticated with check (bucket_id = 'dashboard');
            """)
        let current = try db.introspectCatalog()
        let desired = try Drift.desiredCatalog(renderValidated(Harbour.schema), in: TestDatabase.cluster)
        let plan = ChangePlan(from: current, to: desired)
        #expect(!plan.changes.contains { $0.kind == .drop })
        #expect(plan.changes.filter { $0.object == .bucket }.map(\.name) == ["avatars", "boat-photos", "flyers", "invoices"])
    }

    /// Hosted projects let `postgres` manage policies on storage tables and write bucket rows, not alter the tables.
    @Test func postgresManagesStoragePoliciesButNotTheTables() throws {
        let (url, db) = try TestDatabase.make()
        try db.execute("create policy p on storage.objects for select to authenticated using (bucket_id = 'x')")
        try db.execute("alter policy p on storage.objects using (bucket_id = 'y')")
        try db.execute("drop policy p on storage.objects")
        for statement in [
            "alter table storage.objects enable row level security",
            "alter table storage.buckets add column note text",
            "create index on storage.objects (name)",
            "comment on table storage.objects is 'mine'",
            "create table storage.extra (id int)",
            "create function storage.mine() returns int language sql as 'select 1'",
            "drop table storage.objects",
        ] {
            let error = #expect(throws: DatabaseError.self, "\(statement)") { try db.execute(statement) }
            #expect(error?.sqlState == "42501", "\(statement): \(String(describing: error))")
        }
        // DDL elsewhere passes, and a superuser's session (Supabase's own migrations) may change storage.
        try db.execute("create table public.beside (id int); comment on table public.beside is 'ours'; drop table public.beside")
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute(
            "begin; comment on table storage.objects is 'by the platform'; drop index if exists storage.nothing_here; rollback")
    }

    @Test func bucketMistakesAreValidationErrors() {
        let schema = Schema {
            Table("boat") {
                Column("name", .text)
            }
            Bucket("photos").access(read: .authenticated, write: .rowFolder(of: "boat", .owner(column: "skipper_id")))
            Bucket("photos")
            Bucket("a/b").access(read: .noAccess, write: .rowFolder(of: "ship", .authenticated))
            Bucket("empty", allowedMimeTypes: [])
        }
        let messages = schema.validationErrors().map(\.message)
        #expect(messages.contains { $0.contains("bucket \"photos\" is declared twice") }, "\(messages)")
        #expect(messages.contains { $0.contains("needs a single-column primary key") }, "\(messages)")
        #expect(messages.contains { $0.contains("skipper_id") }, "\(messages)")
        #expect(messages.contains { $0.contains("bucket id \"a/b\"") }, "\(messages)")
        #expect(messages.contains { $0.contains("rows of public.ship, which the schema does not declare") }, "\(messages)")
        #expect(messages.contains { $0.contains("allows no MIME type") }, "\(messages)")
    }

    @Test func declaringStorageTablesPointsAtBuckets() throws {
        let schema = Schema {
            Table("buckets", schema: "storage") { Column("id", .text).primaryKey() }
        }
        let message = schema.validationErrors().first?.message ?? ""
        #expect(message.contains("schema storage belongs to Supabase") && message.contains("Bucket(\"name\").access(...)"), "\(message)")
    }
}
