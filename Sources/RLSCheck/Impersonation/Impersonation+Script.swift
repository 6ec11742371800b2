import RLSSQL

extension Impersonation {
    /// The settings as one literal statement (the values quoted with `quoteLiteral`), to prepend to a
    /// probe's round trip; ``become(_:on:claims:)`` runs it alone.
    ///
    /// ```sql
    /// select set_config('role', 'authenticated', true), set_config('request.jwt.claims', '{"sub":…}', true), …
    /// ```
    public static func script(for persona: Persona, claims: Claims = .all) -> String {
        let subject: String
        let email: String
        if case .user(let user) = persona { (subject, email) = (user.id, user.email) } else { (subject, email) = ("", "") }
        let role = quoteLiteral(persona.role)
        let json = claims == .all ? Self.claims(for: persona) : ""
        return """
            select set_config('role', \(role), true), set_config('request.jwt.claims', \(quoteLiteral(json)), true), \
            set_config('request.jwt.claim.sub', \(quoteLiteral(subject)), true), set_config('request.jwt.claim.role', \(role), true), \
            set_config('request.jwt.claim.email', \(quoteLiteral(email)), true)
            """
    }
}
