import RLSDatabase

/// Switches a transaction to a persona exactly as Supabase's API does, transaction-locally.
///
/// Sets the role with `set_config('role', …, true)` (like `SET LOCAL ROLE`), the JWT claims as JSON in
/// `request.jwt.claims`, and the older per-claim settings (`request.jwt.claim.sub`, `.role`, `.email`)
/// that `auth.uid()` read before 2022. Everything ends with the transaction, so it is safe behind a
/// transaction-mode pooler. Works when connected as Supabase's non-superuser `postgres`, which is a
/// member of the API roles.
///
/// ```sql
/// select set_config('role', 'authenticated', true),
///        set_config('request.jwt.claims', '{"sub":"…","role":"authenticated",…}', true), …
/// ```
public enum Impersonation {
    /// Becomes `persona` until the current transaction ends. Call inside a transaction.
    public static func become(_ persona: Persona, on connection: Connection) throws {
        try connection.query(
            """
            select set_config('role', $1, true),
                   set_config('request.jwt.claims', $2, true),
                   set_config('request.jwt.claim.sub', $3, true),
                   set_config('request.jwt.claim.role', $1, true),
                   set_config('request.jwt.claim.email', $4, true)
            """,
            [persona.role, claims(for: persona), subject(of: persona), email(of: persona)]
        )
    }

    /// Returns to the connecting role (and clears the claims) without ending the transaction.
    public static func reset(on connection: Connection) throws {
        try connection.execute(
            """
            reset role;
            select set_config('request.jwt.claims', '', true), set_config('request.jwt.claim.sub', '', true),
                   set_config('request.jwt.claim.role', '', true), set_config('request.jwt.claim.email', '', true);
            """
        )
    }

    /// The JWT claims Supabase's gateway would pass for this persona, as compact JSON.
    static func claims(for persona: Persona) -> String {
        switch persona {
        case .anon:
            return #"{"role":"anon"}"#
        case .serviceRole:
            return #"{"role":"service_role"}"#
        case .user(let user):
            return #"{"sub":"\#(user.id)","role":"authenticated","email":\#(JSONValue.quoted(user.email)),"aud":"authenticated","#
                + #""aal":\#(JSONValue.quoted(user.aal)),"is_anonymous":\#(user.isAnonymous),"app_metadata":\#(user.appMetadataJSON)}"#
        }
    }

    private static func subject(of persona: Persona) -> String {
        if case .user(let user) = persona { return user.id }
        return ""
    }

    private static func email(of persona: Persona) -> String {
        if case .user(let user) = persona { return user.email }
        return ""
    }
}
