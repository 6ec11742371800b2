extension Role {
    /// `PUBLIC`: every role, present and future. Policies `TO public` (the dashboard's default when
    /// no role is picked) and grants `TO PUBLIC` are written with it; it is never quoted.
    ///
    /// ```swift
    /// Policy("Enable read access for all users", for: .select, to: [.public], using: SQL(raw: "true"))
    /// // create policy ... for select to public using (true);
    /// ```
    public static let `public` = Role("public")

    /// How findings and plan lines name the role: `PUBLIC` in capitals, others by name.
    public var displayName: String { self == .public ? "PUBLIC" : name }

    /// The roles a privilege given to this role reaches: PUBLIC reaches the API roles.
    public var reaches: [Role] { self == .public ? Role.apiRoles : [self] }
}
