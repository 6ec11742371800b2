extension Catalog {
    /// A function or procedure, with its full definition as `pg_get_functiondef` prints it.
    public struct Function: Equatable, Sendable, Codable {
        /// The function's schema and name.
        public var name: QualifiedName
        /// Argument types that identify it, as `pg_get_function_identity_arguments` prints them.
        public var identityArguments: String
        /// The result type as `pg_get_function_result` prints it.
        public var result: String
        /// `PROCEDURE` rather than `FUNCTION`.
        public var isProcedure: Bool
        /// `SECURITY DEFINER`.
        public var securityDefiner: Bool
        /// The `SET search_path` value, if fixed.
        public var searchPath: String?
        /// `CREATE OR REPLACE FUNCTION …` in full, without a trailing semicolon.
        public var definition: String
        /// `COMMENT ON FUNCTION`, if any.
        public var comment: String?

        /// Creates a function entry.
        public init(
            name: QualifiedName, identityArguments: String = "", result: String = "void", isProcedure: Bool = false,
            securityDefiner: Bool = false, searchPath: String? = nil, definition: String, comment: String? = nil
        ) {
            self.name = name
            self.identityArguments = identityArguments
            self.result = result
            self.isProcedure = isProcedure
            self.securityDefiner = securityDefiner
            self.searchPath = searchPath
            self.definition = definition
            self.comment = comment
        }

        /// `public.handle_new_user()`: schema, name and identity arguments; unique per database.
        public var signature: String { "\(name)(\(identityArguments))" }

        /// The quoted form used by `DROP`, `COMMENT` and `GRANT`: `"public"."f"(uuid)`.
        public var sqlSignature: String { "\(name.sql)(\(identityArguments))" }

        /// `FUNCTION` or `PROCEDURE`.
        public var keyword: String { isProcedure ? "PROCEDURE" : "FUNCTION" }
    }
}
