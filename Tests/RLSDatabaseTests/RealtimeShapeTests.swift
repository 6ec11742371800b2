import RLSDatabase
import RLSTestSupport
import Testing

/// What Realtime keeps in a hosted database, as far as access goes, is there for the non-superuser
/// `postgres`: the publication it may add its tables to, and `realtime.messages` it may add policies to.
@Suite("Realtime objects are shaped like Supabase")
struct RealtimeShapeTests {
    @Test(arguments: DefaultPrivileges.allCases)
    func postgresMayPublishItsTablesAndAddChannelPolicies(privileges: DefaultPrivileges) throws {
        let (_, db) = try TestDatabase.make(privileges)
        defer { db.close() }
        let shape = try db.query(
            """
            select (select pg_get_userbyid(pubowner) from pg_publication where pubname = 'supabase_realtime') as publication_owner,
                   (select pg_get_userbyid(relowner) from pg_class where oid = 'realtime.messages'::regclass) as messages_owner,
                   (select relrowsecurity from pg_class where oid = 'realtime.messages'::regclass) as row_security,
                   (select rolsuper from pg_roles where rolname = current_user) as superuser
            """
        ).first
        #expect(shape?["publication_owner"] == "postgres")
        #expect(shape?["messages_owner"] == "supabase_realtime_admin")
        #expect(shape?["row_security"] == "t")
        #expect(shape?["superuser"] == "f")
        try db.transaction { tx in
            try tx.execute(
                """
                create table public.room (id bigint primary key);
                alter publication supabase_realtime add table public.room;
                create policy "lobby" on realtime.messages for select to authenticated
                    using (realtime.topic() = 'lobby');
                """)
            let topic = try tx.query("select set_config('realtime.topic', 'room:1', true), realtime.topic() as topic").first
            #expect(topic?["topic"] == "room:1")
        }
    }

    /// Realtime refuses a subscriber the policies do not let in: with RLS on and no policy,
    /// `authenticated` sees no message and may post none.
    @Test func withoutPoliciesNobodyJoins() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("begin; insert into realtime.messages (topic, extension) values ('room:1', 'broadcast')")
        defer { _ = try? db.execute("rollback") }
        try db.execute("set local role authenticated")
        let seen = try db.query("select count(*) as n from realtime.messages").first?["n"]
        #expect(seen == "0")
        let error = #expect(throws: DatabaseError.self) {
            try db.execute("insert into realtime.messages (topic, extension) values ('room:1', 'broadcast')")
        }
        #expect(error?.sqlState == "42501")
    }
}
