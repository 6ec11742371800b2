import Foundation
import RLSPostgres
import RLSSQL
import Synchronization

/// A PostgreSQL server of the user's choosing on which `plan`, `diff`, `check` and `docs` build
/// their throwaway databases instead of a local cluster (`--scratch-url`, `RLS_SCRATCH_URL`): for
/// schemas that need an extension the local PostgreSQL lacks (`vector`, `http`, `pg_net`, ...),
/// pointed at a server that has it, such as the one `supabase start` runs.
///
/// What it needs of that server, checked when attaching (each with an error that says what to do):
/// - the connecting role may create databases (`CREATEDB`, or superuser): each throwaway build gets
///   a database of its own (`rls_scratch_<pid>_<n>`), dropped after it, also when the command
///   fails or is stopped with Ctrl-C;
/// - Supabase's roles exist (`anon`, `authenticated`, `service_role`, `authenticator`,
///   `supabase_auth_admin`, `supabase_storage_admin`, `supabase_realtime_admin`, `postgres`): they
///   belong to the whole server, and `rls` creates none there;
/// - a new database that lacks Supabase's schemas (`extensions`, `auth`, `storage`, `realtime`)
///   gets them from `rls`, exactly as the local throwaway has them, which needs a role that may create
///   objects owned by Supabase's roles (a superuser such as `supabase_admin` on `supabase start`).
///
/// The work in each database runs as `postgres` (as on a local throwaway and on hosted Supabase)
/// when the connecting role may become it. The URL's password is never shown.
public final class ScratchServer: Sendable {
    let target: ConnectionTarget
    private let connectionString: String
    /// Libpq options that make the work run as `postgres`, when the URL's role is another one.
    private let workOptions: String?
    private let ownerClause: String
    private let created = Mutex<Set<String>>([])

    /// Supabase's cluster-wide roles that the schema's SQL and the shape of a throwaway database use.
    static let requiredRoles = [
        "anon", "authenticated", "authenticator", "postgres", "service_role", "supabase_auth_admin", "supabase_realtime_admin",
        "supabase_storage_admin",
    ]

    /// Supabase's per-database schemas, which a new scratch database either has (all) or gets.
    static let shapedSchemas = ["auth", "extensions", "realtime", "storage"]

    /// Connects to `url` and checks that the server can hold throwaway databases.
    init(url: String) throws {
        target = try ConnectionTarget(url)
        connectionString = url
        let connection = try Connection(target)
        defer { connection.close() }
        let row = try connection.query(
            """
            select current_user as role, r.rolcreatedb or r.rolsuper as may_create,
                   array(select name from unnest(array[\(Self.requiredRoles.map(quoteLiteral).joined(separator: ", "))]) name
                         where not exists (select 1 from pg_roles where rolname = name))::text[] as missing,
                   exists (select 1 from pg_roles where rolname = 'postgres') and pg_has_role('postgres', 'MEMBER') as may_be_postgres
            from pg_roles r where r.rolname = current_user
            """
        ).rows[0]
        let role = try row.string("role")
        guard try row.bool("may_create") else {
            throw EmbeddedClusterError(
                kind: .scratchServerUnusable,
                message: "The scratch server's role \"\(role)\" may not create databases (CREATEDB) at \(target.redacted): "
                    + "rls builds each throwaway database there in a database of its own and drops it after. "
                    + "Give the role CREATEDB (alter role \(quoteIdentifier(role)) createdb), or connect as one that has it "
                    + "(on `supabase start`, supabase_admin).")
        }
        let missing = try row.stringArray("missing")
        guard missing.isEmpty else {
            throw EmbeddedClusterError(
                kind: .scratchServerUnusable,
                message: "The scratch server at \(target.redacted) lacks Supabase's roles \(missing.joined(separator: ", ")): "
                    + "point --scratch-url (RLS_SCRATCH_URL) at a Supabase database, such as the one `supabase start` runs, "
                    + "or create the roles there (Docs/ADOPTING.md, A scratch database of your choosing).")
        }
        let mayBePostgres = try row.bool("may_be_postgres")
        let asPostgres = role != "postgres" && mayBePostgres
        workOptions = asPostgres ? "-c role=postgres -c search_path=public,extensions" : nil
        ownerClause = asPostgres ? " owner postgres" : ""
    }

    /// A connection string for `database`, whose sessions work as `postgres` where they can.
    func url(database: String) -> String {
        target.connectionString(database: database, options: workOptions)
    }

    /// Creates database `name`, gives it Supabase's schemas when it lacks them, and returns its URL.
    func createDatabase(_ name: String, defaultPrivileges: DefaultPrivileges) throws -> String {
        let admin = try Connection(target)
        defer { admin.close() }
        created.withLock { _ = $0.insert(name) }
        try admin.execute("create database \(quoteIdentifier(name))\(ownerClause)")
        do {
            let database = try Connection(url: target.connectionString(database: name))
            defer { database.close() }
            let present = try database.query(
                "select nspname from pg_namespace where nspname in (\(Self.shapedSchemas.map(quoteLiteral).joined(separator: ", "))) order by 1"
            ).rows.map { try $0.string("nspname") }
            if present.isEmpty {
                do {
                    try database.execute(
                        SupabaseShape.database + SupabaseShape.storage + SupabaseShape.defaultPrivileges(defaultPrivileges))
                } catch let error as DatabaseError {
                    throw EmbeddedClusterError(
                        kind: .scratchServerUnusable,
                        message: "Giving scratch database \(name) Supabase's schemas (extensions, auth, storage, realtime) failed at "
                            + "\(target.redacted): \(error.message) (\(error.sqlState ?? "no SQLSTATE")). New databases there lack them, "
                            + "and rls creates them as the connecting role, which must be able to create objects owned by Supabase's "
                            + "roles: connect as a superuser (on `supabase start`, supabase_admin).")
                }
            } else if present != Self.shapedSchemas {
                let lacking = Self.shapedSchemas.filter { !present.contains($0) }
                throw EmbeddedClusterError(
                    kind: .scratchServerUnusable,
                    message: "New databases on the scratch server at \(target.redacted) have \(present.joined(separator: ", ")) but not "
                        + "\(lacking.joined(separator: ", ")): rls needs all of Supabase's schemas or none (and then creates them). "
                        + "Use a server whose template database has neither, or all of them.")
            } else if case .legacyGrantAll = defaultPrivileges {
                try database.execute(SupabaseShape.defaultPrivileges(defaultPrivileges))
            }
        } catch {
            try? dropDatabase(name)
            throw error
        }
        return url(database: name)
    }

    /// Drops database `name` made by ``createDatabase(_:defaultPrivileges:)``, ending its sessions.
    func dropDatabase(_ name: String) throws {
        let admin = try Connection(target)
        defer { admin.close() }
        try admin.execute("drop database if exists \(quoteIdentifier(name)) with (force)")
        created.withLock { _ = $0.remove(name) }
    }

    /// Drops every database made here that is still there (a command stopped half way).
    func dropRemaining() {
        for name in created.withLock({ $0.sorted() }) { try? dropDatabase(name) }
    }
}

extension EmbeddedCluster {
    /// The server of the user's choosing at `scratchURL`, standing in for a local cluster: its
    /// ``createDatabase(_:defaultPrivileges:)`` and ``dropDatabase(_:)`` make and drop databases
    /// there (``ScratchServer``), and ``stop()`` drops those still left. Throws
    /// ``EmbeddedClusterError`` (kind `scratchServerUnusable`) saying what the server lacks.
    public static func attach(scratchURL: String, options: Options = .init()) throws -> EmbeddedCluster {
        let cluster = EmbeddedCluster(scratchServer: try ScratchServer(url: scratchURL), options: options)
        ClusterRegistry.register(cluster)
        if options.stopOnSignal { stopAllOnSignal() }
        return cluster
    }

    /// True for a server of the user's choosing (``attach(scratchURL:options:)``).
    public var isScratchServer: Bool { scratchServer != nil }
}
