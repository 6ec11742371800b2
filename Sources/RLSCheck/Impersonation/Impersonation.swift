import RLSDatabase
import RLSModel
import RLSSQL

/// Switches a transaction to a persona exactly as Supabase's API does, transaction-locally.
///
/// Sets the role with `set_config('role', …, true)` (like `SET LOCAL ROLE`), the JWT claims as JSON in
/// `request.jwt.claims`, and the older per-claim settings (`request.jwt.claim.sub`, `.role`, `.email`)
/// that `auth.uid()` read before 2022. Everything ends with the transaction, so it is safe behind a
/// transaction-mode pooler. Works when connected as Supabase's non-superuser `postgres`, which is a
/// member of the API roles.
///
/// The one writer of these settings: ``script(for:claims:role:)`` writes the statement, which probes put
/// in front of their own round trip and ``become(_:on:claims:role:)`` runs by itself.
///
/// ```sql
/// select set_config('role', 'authenticated', true),
///        set_config('request.jwt.claims', '{"sub":"…","role":"authenticated",…}', true), …
/// ```
public enum Impersonation {
    /// Which JWT settings to write.
    public enum Claims: Sendable {
        /// `request.jwt.claims` as JSON and the older per-claim settings, as Supabase's API does.
        case all
        /// Only the older per-claim settings (`request.jwt.claims` empty): what `rls doctor` uses to
        /// prove that `auth.uid()` still reads `request.jwt.claim.sub`.
        case legacyOnly
    }

    /// Becomes `persona` until the current transaction ends. Call inside a transaction. With `role`,
    /// that database role carries the persona's JWT settings (`rls check --explain`'s service_role
    /// baseline for alice).
    public static func become(_ persona: Persona, on connection: Connection, claims: Claims = .all, role: String? = nil) throws {
        try connection.execute(script(for: persona, claims: claims, role: role))
    }

    /// After a 42501 from a script that also impersonated `persona`: the impersonation alone, back in
    /// the probes' savepoint, tells whether it was the connecting role that may not become the
    /// persona (the refusal is returned: nothing ran) or the probe that was refused (nil).
    static func refusal(of persona: Persona, on connection: Connection) throws -> DatabaseError? {
        try connection.execute("rollback to savepoint \(ProbeRunner.savepoint)")
        do {
            try become(persona, on: connection)
            return nil
        } catch let error as DatabaseError where error.state == .insufficientPrivilege {
            try connection.execute("rollback to savepoint \(ProbeRunner.savepoint)")
            return error
        }
    }

    /// The JWT claims Supabase's gateway would pass for this persona, as compact JSON (``JWTClaims``).
    static func claims(for persona: Persona) -> String { JWTClaims(persona: persona).json }
}
