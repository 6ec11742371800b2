import RLSDatabase
import RLSModel
import RLSSQL

/// Checks that a database is shaped like Supabase and that impersonation works on it.
///
/// Everything runs inside transactions that are rolled back: the database is left as it was.
/// This is what `rls doctor` prints, and the first thing to run against a new project when
/// `auth.uid()` seems to return null or every probe is denied.
public enum Doctor {
    /// Runs every finding on `connection`, in the order a user would debug them.
    public static func examine(_ connection: Connection) throws -> [DoctorFinding] {
        var findings = [try connectingRole(connection), try apiRoles(connection), try authFunctions(connection)]
        guard findings.allSatisfy(\.passed) else { return findings }
        findings.append(try anonIsRefusedWithoutGrant(connection))
        findings.append(try userSeesOwnID(connection, claimsStyle: .json))
        findings.append(try userSeesOwnID(connection, claimsStyle: .legacy))
        findings.append(try realtime(connection))
        return findings
    }

    private static func connectingRole(_ connection: Connection) throws -> DoctorFinding {
        let row = try connection.query(
            """
            select current_user as name, rolsuper, rolbypassrls
            from pg_roles where rolname = current_user
            """
        ).rows[0]
        let name = try row.string("name")
        let superuser = try row.bool("rolsuper")
        let bypass = try row.bool("rolbypassrls")
        return DoctorFinding(
            claim: "connected as \(name), not a superuser, bypassing RLS (as Supabase's postgres role)",
            passed: !superuser && bypass,
            detail: superuser
                ? "\(name) is a superuser; hosted Supabase's postgres is not, so generated SQL may pass here and fail there"
                : bypass ? "rolsuper = false, rolbypassrls = true" : "\(name) lacks BYPASSRLS; connect as postgres"
        )
    }

    private static func apiRoles(_ connection: Connection) throws -> DoctorFinding {
        let rows = try connection.query(
            """
            select r.rolname, pg_has_role(current_user, r.oid, 'MEMBER') as member
            from pg_roles r where r.rolname in (\(Role.apiRoles.nameLiterals)) order by r.rolname
            """
        ).rows
        let present = try rows.map { try $0.string("rolname") }
        let missing = Role.apiRoles.map(\.name).filter { !present.contains($0) }
        let notMember = try rows.filter { try !$0.bool("member") }.map { try $0.string("rolname") }
        let passed = missing.isEmpty && notMember.isEmpty
        let detail: String
        if !missing.isEmpty {
            detail = "missing role(s) \(missing.joined(separator: ", ")): is this a Supabase database?"
        } else if !notMember.isEmpty {
            detail = "the connecting role cannot become \(notMember.joined(separator: ", ")): grant them to it"
        } else {
            detail = "roles exist and the connecting role is a member of each"
        }
        return DoctorFinding(
            claim: "roles anon, authenticated and service_role exist and can be impersonated", passed: passed, detail: detail)
    }

    private static func authFunctions(_ connection: Connection) throws -> DoctorFinding {
        let found = try connection.query(
            """
            select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'auth' and p.proname in ('uid', 'role', 'email', 'jwt') and p.pronargs = 0
            order by 1
            """
        ).rows.map { try $0.string("proname") }
        let missing = ["email", "jwt", "role", "uid"].filter { !found.contains($0) }
        return DoctorFinding(
            claim: "auth.uid(), auth.role(), auth.email() and auth.jwt() exist",
            passed: missing.isEmpty,
            detail: missing.isEmpty ? "all four found" : "missing auth.\(missing.joined(separator: "(), auth."))()"
        )
    }

    private static func anonIsRefusedWithoutGrant(_ connection: Connection) throws -> DoctorFinding {
        let claim = "anon is refused a table it has no grant on"
        return try rolledBack(connection) {
            try connection.execute("create temporary table rls_doctor_probe (id int); insert into rls_doctor_probe values (1);")
            try Impersonation.become(.anon, on: connection)
            do {
                try connection.execute("select * from rls_doctor_probe")
                return DoctorFinding(claim: claim, passed: false, detail: "anon read a table it was granted nothing on")
            } catch let error as DatabaseError where error.state == .insufficientPrivilege {
                return DoctorFinding(claim: claim, passed: true, detail: "42501 \(error.message)")
            }
        }
    }

    enum ClaimsStyle { case json, legacy }

    private static func userSeesOwnID(_ connection: Connection, claimsStyle: ClaimsStyle) throws -> DoctorFinding {
        let user = Persona.User.alice
        let claim =
            claimsStyle == .json
            ? "a signed-in user gets their own id from auth.uid() (request.jwt.claims)"
            : "auth.uid() also reads the older request.jwt.claim.sub setting"
        return try rolledBack(connection) {
            try Impersonation.become(.user(user), on: connection, claims: claimsStyle == .json ? .all : .legacyOnly)
            let row = try connection.query("select auth.uid()::text as uid, auth.role() as role").rows[0]
            let uid = row["uid"]
            return DoctorFinding(
                claim: claim,
                passed: uid == user.id,
                detail: uid == user.id ? "auth.uid() = \(user.id)" : "auth.uid() returned \(uid ?? "null"), expected \(user.id)"
            )
        }
    }

    /// Runs `body` in a transaction that is always rolled back.
    private static func rolledBack<T>(_ connection: Connection, _ body: () throws -> T) throws -> T {
        try connection.execute("begin")
        defer { _ = try? connection.execute("rollback") }
        return try body()
    }
}
