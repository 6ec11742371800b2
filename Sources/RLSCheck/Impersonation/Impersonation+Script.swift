import RLSSQL

extension Impersonation {
    /// The same settings as ``become(_:on:)`` as one literal statement, to prepend to a probe's
    /// round trip (the values are quoted with `quoteLiteral`).
    ///
    /// ```sql
    /// select set_config('role', 'authenticated', true), set_config('request.jwt.claims', '{"sub":…}', true), …
    /// ```
    static func script(for persona: Persona) -> String {
        let subject: String, email: String
        if case .user(let user) = persona { (subject, email) = (user.id, user.email) } else { (subject, email) = ("", "") }
        let role = quoteLiteral(persona.role)
        return """
            select set_config('role', \(role), true), set_config('request.jwt.claims', \(quoteLiteral(claims(for: persona))), true), \
            set_config('request.jwt.claim.sub', \(quoteLiteral(subject)), true), set_config('request.jwt.claim.role', \(role), true), \
            set_config('request.jwt.claim.email', \(quoteLiteral(email)), true)
            """
    }
}
