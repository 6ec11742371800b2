import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Each access plan, compiled and applied, lets exactly the intended roles through.
@Suite struct PlanBehaviourTests {
    let ann = "11111111-1111-4111-8111-111111111111"
    let bob = "22222222-2222-4222-8222-222222222222"

    /// A database with the `note` table under `read`/`write` plans and one note by Ann.
    func database(read: AccessPlan, write: AccessPlan) throws -> Connection {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        try db.apply(render(Constructs.planTable(read: read, write: write)))
        try db.signUp(ann, email: "ann@example.org", name: "Ann")
        try db.signUp(bob, email: "bob@example.org", name: "Bob")
        try db.query("insert into public.note (owner_id, body) values ($1::uuid, 'hello')", [ann])
        return db
    }

    /// How many notes `role` (as `user`) sees, or the SQLSTATE of the refusal.
    func visibleNotes(_ db: Connection, _ role: String, user: String? = nil) -> String {
        var result = ""
        if let state = sqlState({ result = String(try db.asRole(role, user: user) { try $0.query("select * from public.note").count }) }) {
            return state
        }
        return result
    }

    func insert(_ db: Connection, _ role: String, user: String? = nil, owner: String) -> String? {
        sqlState {
            try db.asRole(role, user: user) { db in
                _ = try db.query("insert into public.note (owner_id, body) values ($1::uuid, 'x')", [owner])
            }
        }
    }

    @Test func publicReadServiceWrite() throws {
        let db = try database(read: .public, write: .serviceRoleOnly)
        #expect(visibleNotes(db, "anon") == "1")
        #expect(visibleNotes(db, "authenticated", user: bob) == "1")
        #expect(insert(db, "authenticated", user: ann, owner: ann) == "42501")
        #expect(insert(db, "service_role", owner: ann) == nil)
    }

    @Test func authenticatedRead() throws {
        let db = try database(read: .authenticated, write: .noAccess)
        #expect(visibleNotes(db, "anon") == "42501")
        #expect(visibleNotes(db, "authenticated", user: bob) == "1")
        #expect(visibleNotes(db, "service_role") == "1")
        #expect(insert(db, "service_role", owner: ann) == "42501")
    }

    @Test func ownerOnly() throws {
        let db = try database(read: .owner(column: "owner_id"), write: .owner(column: "owner_id"))
        #expect(visibleNotes(db, "anon") == "42501")
        #expect(visibleNotes(db, "authenticated", user: ann) == "1")
        #expect(visibleNotes(db, "authenticated", user: bob) == "0")
        #expect(insert(db, "authenticated", user: bob, owner: bob) == nil)
        #expect(insert(db, "authenticated", user: bob, owner: ann) == "42501")
        let stolen = try db.asRole("authenticated", user: bob) { try $0.query("delete from public.note returning id").count }
        #expect(stolen == 0)
    }

    @Test func serviceRoleOnlyAndNoAccess() throws {
        let service = try database(read: .serviceRoleOnly, write: .serviceRoleOnly)
        #expect(visibleNotes(service, "authenticated", user: ann) == "42501")
        #expect(visibleNotes(service, "service_role") == "1")
        let nobody = try database(read: .noAccess, write: .noAccess)
        for role in ["anon", "authenticated", "service_role"] {
            #expect(visibleNotes(nobody, role, user: role == "authenticated" ? ann : nil) == "42501")
        }
    }

    @Test func ownerThroughTwoHops() throws {
        let (_, db) = try TestDatabase.make()
        try db.apply(render(Constructs.ownerThrough))
        try db.signUp(ann, email: "ann@example.org", name: "Ann")
        try db.signUp(bob, email: "bob@example.org", name: "Bob")
        try db.query("insert into public.project (owner_id) values ($1::uuid)", [ann])
        try db.execute("insert into public.task (project_id) values (1)")
        let comment = "insert into public.task_comment (task_id, body) values (1, 'hi')"
        #expect(sqlState { try db.asRole("authenticated", user: bob) { try $0.execute(comment) } } == "42501")
        #expect(sqlState { try db.asRole("authenticated", user: ann) { try $0.execute(comment) } } == nil)
        let bobTasks = try db.asRole("authenticated", user: bob) { try $0.query("select * from public.task").count }
        #expect(bobTasks == 0)
    }
}
