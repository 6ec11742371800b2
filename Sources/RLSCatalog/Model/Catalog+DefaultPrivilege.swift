extension Catalog {
    /// A privilege that objects created by the connected role receive automatically
    /// (`ALTER DEFAULT PRIVILEGES`), such as Supabase's older `GRANT ALL ON TABLES TO anon` in `public`.
    ///
    /// Not managed itself: the diff uses these to know which grants a `CREATE` brings with it.
    public struct DefaultPrivilege: Hashable, Sendable, Codable {
        /// The schema it applies in, or nil for the role's global default (which replaces the built-in one).
        public var schema: String?
        /// Tables (and views), sequences, functions or schemas.
        public var objectKind: Grant.ObjectKind
        /// The role that receives the privilege (`public` for PUBLIC).
        public var grantee: String
        /// The privilege, for example `SELECT`.
        public var privilege: String
        /// `WITH GRANT OPTION`.
        public var grantable: Bool
        /// The creating role's entry for itself (Supabase's `... grant all on tables to postgres, anon,
        /// ...` run by `postgres`): it becomes the owner's own privileges, which Postgres holds
        /// implicitly, so a new object gets no grant from it. It still counts as a global default
        /// that replaces the built-in one (PUBLIC's `EXECUTE` on functions).
        public var toCreator: Bool

        /// Creates a default privilege entry.
        public init(
            schema: String?, objectKind: Grant.ObjectKind, grantee: String, privilege: String, grantable: Bool = false,
            toCreator: Bool = false
        ) {
            self.schema = schema
            self.objectKind = objectKind
            self.grantee = grantee
            self.privilege = privilege
            self.grantable = grantable
            self.toCreator = toCreator
        }
    }
}
