import RLSSQL

extension Impersonation {
    /// The settings as one literal statement (the values quoted with `quoteLiteral`), to prepend to a
    /// probe's round trip; ``become(_:on:claims:role:)`` runs it alone.
    ///
    /// ```sql
    /// select set_config('role', 'authenticated', true), set_config('request.jwt.claims', '{"sub":…}', true), …
    /// ```
    public static func script(for persona: Persona, claims: Claims = .all, role: String? = nil) -> String {
        "select "
            + settings(for: persona, claims: claims, role: role).map {
                "set_config(\(quoteLiteral($0.name)), \(quoteLiteral($0.value)), true)"
            }
            .joined(separator: ", ")
    }

    /// The settings to make transaction-local, in order (the role first: `role`, or the persona's):
    /// what ``script(for:claims:role:)`` writes, and what batched probes pass to `set_config` as data.
    static func settings(for persona: Persona, claims: Claims = .all, role: String? = nil) -> [(name: String, value: String)] {
        let subject: String
        let email: String
        if case .user(let user) = persona { (subject, email) = (user.id, user.email) } else { (subject, email) = ("", "") }
        return [
            ("role", role ?? persona.role), ("request.jwt.claims", claims == .all ? Self.claims(for: persona) : ""),
            ("request.jwt.claim.sub", subject), ("request.jwt.claim.role", persona.role), ("request.jwt.claim.email", email),
        ]
    }
}
