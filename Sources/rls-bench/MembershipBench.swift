import Foundation
import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL

/// `rls-bench members`: a members-plan select on 100,000 rows against the same filter written by
/// hand without RLS. Target: the RLS query within 1.5x of the hand-written one.
///
/// 1,000 organisations with 100 courts each; 20,000 memberships, 10 of them the reader's (so the
/// reader sees 1,000 courts). Each query runs 40 times after a warm-up; the median counts.
enum MembershipBench {
    static let reader = "a11ce000-0000-4000-8000-000000000001"

    static let schema = Schema {
        EnumType("team_role", values: "owner", "admin", "member")
        Table("organisation") {
            Column("id", .bigint).identity().primaryKey()
            Column("name", .text)
        }
        .access(select: .members(of: "id", through: "membership"))
        Table("membership") {
            Column("org_id", .bigint).references("organisation", onDelete: .cascade)
            Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
            Column("role", .enumeration("team_role")).default("member")
            PrimaryKey("org_id", "user_id")
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
            write: .members(of: "org_id", through: "membership", roles: ["admin", "owner"]))
    }

    static func run() throws {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        let connection = try Connection(url: try cluster.createDatabase("bench_members"))
        defer { connection.close() }
        try connection.execute("begin;\n" + renderValidated(schema) + "\ncommit;")
        try connection.execute(
            """
            insert into auth.users (id, aud, role, email) select
              case when g = 1 then '\(reader)'::uuid else gen_random_uuid() end, 'authenticated', 'authenticated', 'user' || g || '@bench.invalid'
            from generate_series(1, 2000) g;
            insert into public.organisation (name) select 'org ' || g from generate_series(1, 1000) g;
            insert into public.court (org_id, name) select o.id, 'court ' || g from public.organisation o, generate_series(1, 100) g;
            insert into public.membership (org_id, user_id, role)
            select o.id, u.id, 'member' from public.organisation o
            join lateral (select id from auth.users where id <> '\(reader)' order by md5(o.id::text || id::text) limit 20) u on true;
            insert into public.membership (org_id, user_id, role) select id, '\(reader)', 'admin' from public.organisation where id % 100 = 0;
            analyze;
            """)
        let rows = try connection.query("select count(*) as n from public.court").first?["n"] ?? "?"
        let plain =
            "select c.id, c.name from public.court c where c.org_id in (select m.org_id from public.membership m where m.user_id = '\(reader)')"
        let byRLS = "select c.id, c.name from public.court c"
        let withoutRLS = try median(plain, on: connection, as: nil)
        let withRLS = try median(byRLS, on: connection, as: reader)
        let ratio = withRLS.seconds / max(withoutRLS.seconds, 1e-9)
        print("members plan select (\(rows) courts, 1,000 organisations, the reader in 10):")
        print("  without RLS, filter by hand: \(String(format: "%.2f", withoutRLS.seconds * 1000)) ms median, \(withoutRLS.rows) rows")
        print("  with RLS (members plan):     \(String(format: "%.2f", withRLS.seconds * 1000)) ms median, \(withRLS.rows) rows")
        print(
            "  ratio \(String(format: "%.2f", ratio))x; target within 1.5x: \(ratio <= 1.5 && withRLS.rows == withoutRLS.rows ? "met" : "MISSED")"
        )
    }

    /// The median wall time of `sql` over 40 runs (after 5 warm-ups), as the connecting role or signed in as `user`.
    private static func median(_ sql: String, on connection: Connection, as user: String?) throws -> (seconds: Double, rows: Int) {
        try connection.execute("begin")
        defer { _ = try? connection.execute("rollback") }
        if let user {
            try Impersonation.become(.user(Persona.User(name: "reader", id: user, email: "reader@bench.invalid")), on: connection)
        }
        var rows = 0
        for _ in 0..<5 { rows = try connection.query(sql).count }
        var times: [Double] = []
        for _ in 0..<40 { times.append(try Stopwatch.time { rows = try connection.query(sql).count }) }
        return (Stopwatch.median(times), rows)
    }
}
